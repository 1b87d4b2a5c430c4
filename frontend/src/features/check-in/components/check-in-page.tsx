import { CameraOutlined, CloudSyncOutlined, SearchOutlined } from '@ant-design/icons';
import { formatGuestCount, formatTime } from '@maison/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { useStaffSelf } from '../../../api/staff-self';
import {
  checkIn,
  doorKeys,
  lookupPass,
  setArrived,
  useDoorCounts,
  useDoorEvents,
  useDoorSearch,
  type CheckInRequest,
  type DoorParty,
} from '../api/check-in';
import { enqueueScan, isOffline, readQueue, syncQueue } from '../api/offline-queue';
import styles from './check-in.module.css';
import { DoorEventSelect } from './door-event-select';
import { GuestStepper } from './guest-stepper';
import { PassScanner } from './pass-scanner';

const SYNC_EVERY_MS = 5000;

export const formatDoorTime = (iso: string) => formatTime(iso);

const guestsLabel = (n: number) => formatGuestCount(n, 'sentence');

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Notice {
  tone: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

/** A chosen party: from a scan (its token) or from the name search (its RSVP id). */
interface Selected {
  party: DoorParty;
  token?: string;
}

function PartyCard({
  selected,
  busy,
  onCheckIn,
  onSetArrived,
}: {
  selected: Selected;
  busy: boolean;
  onCheckIn: (guests: number) => void;
  onSetArrived: (arrived: number) => void;
}) {
  const { party } = selected;
  // The parent gives each state of the party its own key, so this starts afresh when it changes.
  const [guests, setGuests] = useState(party.checkIn?.arrived ?? party.partySize);
  const done = party.checkIn;
  return (
    <article className={styles.party} aria-label={`Party of ${party.name}`}>
      <p className={styles.eyebrow}>Party of {party.partySize}</p>
      <h2 className={styles.partyName}>{party.name}</h2>
      {done ? (
        <p className={styles.already} role="status">
          Already checked in at {formatDoorTime(done.checkedInAt)}
          <span>
            {done.arrived} of {guestsLabel(party.partySize)} arrived
          </span>
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>Guests</dt>
        <dd>{party.guestNames.length ? [party.name, ...party.guestNames].join(', ') : party.name}</dd>
        <dt>Dietary notes</dt>
        <dd>{party.dietaryRestrictions || 'None'}</dd>
        {party.specialRequests ? (
          <>
            <dt>Requests</dt>
            <dd>{party.specialRequests}</dd>
          </>
        ) : null}
      </dl>
      {party.partySize > 1 ? (
        <GuestStepper
          label={done ? 'Arrived so far' : 'Arriving now'}
          value={guests}
          max={party.partySize}
          onChange={setGuests}
        />
      ) : null}
      {done ? (
        done.arrived < party.partySize || guests !== done.arrived ? (
          <Button block size="large" loading={busy} onClick={() => onSetArrived(guests)}>
            Update arrivals
          </Button>
        ) : null
      ) : (
        <Button type="primary" block size="large" loading={busy} onClick={() => onCheckIn(guests)}>
          {guests === party.partySize
            ? `Check in ${party.partySize === 1 ? 'guest' : `all ${party.partySize}`}`
            : `Check in ${guests} of ${party.partySize}`}
        </Button>
      )}
    </article>
  );
}

/** The door: staff scan passes or search names, check parties in, and see arrived against expected. */
export function CheckInPage({ onSignOut }: { onSignOut: () => void }) {
  // A door account's dashboard is this page: the link would only bring it back here.
  const role = useStaffSelf().data?.role;
  const mayUseDashboard = role !== undefined && role !== 'door';
  const brand = useBrand();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const events = useDoorEvents();
  const choices = useMemo(() => (events.data?.data ?? []).filter((e) => e.status === 'published'), [events.data]);
  const wanted = Number(params.get('event')) || null;
  const eventId = wanted ?? choices[0]?.id ?? null;
  const event = choices.find((e) => e.id === eventId) ?? events.data?.data.find((e) => e.id === eventId);
  const counts = useDoorCounts(eventId);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const results = useDoorSearch(eventId, q);
  const [scanning, setScanning] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  // Scans waiting on this device: read from storage for the event shown, then kept by the callbacks.
  const [queuedState, setQueuedState] = useState<{ eventId: number; count: number } | null>(null);
  const queued =
    queuedState && queuedState.eventId === eventId
      ? queuedState.count
      : eventId
        ? readQueue(localStorage, eventId).length
        : 0;
  const setQueued = useCallback((count: number) => eventId && setQueuedState({ eventId, count }), [eventId]);
  const [online, setOnline] = useState(() => navigator.onLine);

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: doorKeys.all }), [client]);

  const queue = useCallback(
    (scan: CheckInRequest & { label: string }) => {
      if (!eventId) return;
      const next = enqueueScan(localStorage, eventId, { ...scan, scannedAt: new Date().toISOString() });
      setQueued(next.length);
      setNotice({
        tone: 'warning',
        text: `No connection. ${scan.label} is saved on this device and will be checked in when the network returns.`,
      });
      setSelected(null);
    },
    [eventId, setQueued],
  );

  const sync = useCallback(async () => {
    if (!eventId || readQueue(localStorage, eventId).length === 0) return;
    const result = await syncQueue(localStorage, eventId, async (scan) => {
      await checkIn(eventId, {
        token: scan.token,
        rsvpId: scan.rsvpId,
        guests: scan.guests,
        scannedAt: scan.scannedAt,
      });
    });
    setQueued(result.left);
    if (result.sent || result.refused.length) {
      void refresh();
      setNotice(
        result.refused.length
          ? {
              tone: 'error',
              text: `Synced ${result.sent}; refused: ${result.refused.map((r) => `${r.scan.label} (${r.message})`).join(', ')}`,
            }
          : {
              tone: 'success',
              text: `Back online: ${result.sent} saved ${result.sent === 1 ? 'scan' : 'scans'} checked in.`,
            },
      );
    }
  }, [eventId, refresh, setQueued]);

  useEffect(() => {
    if (!eventId) return;
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = setInterval(() => void sync(), SYNC_EVERY_MS);
    // Scans left from before (the page was closed while offline) go as soon as it opens.
    const first = setTimeout(() => void sync(), 0);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [eventId, sync]);

  const onCode = async (text: string) => {
    setScanning(false);
    if (!eventId) return;
    setNotice(null);
    try {
      const party = await lookupPass(eventId, text);
      setSelected({ party, token: text });
      if (party.checkIn) {
        setNotice({ tone: 'info', text: `Already checked in at ${formatDoorTime(party.checkIn.checkedInAt)}` });
      }
    } catch (error) {
      if (isOffline(error)) return queue({ token: text, label: 'A scanned pass' });
      setSelected(null);
      setNotice({ tone: 'error', text: (error as Error).message });
    }
  };

  const choose = (party: DoorParty) => {
    setSelected({ party });
    setNotice(
      party.checkIn
        ? { tone: 'info', text: `Already checked in at ${formatDoorTime(party.checkIn.checkedInAt)}` }
        : null,
    );
  };

  const doCheckIn = async (guests: number) => {
    if (!eventId || !selected) return;
    const body: CheckInRequest = selected.token
      ? { token: selected.token, guests }
      : { rsvpId: selected.party.rsvpId, guests };
    setBusy(true);
    try {
      const answer = await checkIn(eventId, body);
      setSelected({ ...selected, party: answer.party });
      setNotice(
        answer.outcome === 'already'
          ? { tone: 'info', text: `Already checked in at ${formatDoorTime(answer.party.checkIn!.checkedInAt)}` }
          : {
              tone: 'success',
              text: `Welcome, ${answer.party.name}: ${guestsLabel(answer.party.checkIn!.arrived)} checked in.`,
            },
      );
      void refresh();
    } catch (error) {
      if (isOffline(error)) queue({ ...body, label: selected.party.name });
      else setNotice({ tone: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const doSetArrived = async (arrived: number) => {
    if (!eventId || !selected) return;
    setBusy(true);
    try {
      const party = await setArrived(eventId, selected.party.rsvpId, arrived);
      setSelected({ ...selected, party });
      setNotice({
        tone: 'success',
        text: `${party.name}: ${party.checkIn!.arrived} of ${guestsLabel(party.partySize)} arrived.`,
      });
      void refresh();
    } catch (error) {
      setNotice({
        tone: 'error',
        text: isOffline(error) ? 'No connection: try again in a moment.' : (error as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };

  const c = counts.data?.data;
  const percent = c && c.expectedGuests ? Math.round((c.arrivedGuests / c.expectedGuests) * 100) : 0;

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <p className={styles.brand}>{brand}</p>
        <h1 className={styles.title}>The Door</h1>
        {choices.length > 1 ? (
          <DoorEventSelect
            events={choices}
            value={eventId}
            onChange={(id) => {
              setSelected(null);
              setNotice(null);
              setParams({ event: String(id) });
            }}
          />
        ) : event ? (
          <p className={styles.eventName}>{event.name}</p>
        ) : null}
      </header>

      {events.isLoading ? (
        <Spin />
      ) : !eventId ? (
        <p className={styles.empty}>There is no event to check guests in to.</p>
      ) : (
        <>
          <section className={styles.counts} aria-label="Arrivals" aria-live="polite">
            <div>
              <span className={styles.bigNumber} data-testid="arrived-guests">
                {c ? c.arrivedGuests : '–'}
              </span>
              <span className={styles.ofNumber}> / {c ? c.expectedGuests : '–'}</span>
              <p className={styles.countLabel}>guests arrived</p>
            </div>
            <div className={styles.parties}>
              <span>{c ? `${c.arrivedParties} of ${c.expectedParties}` : '–'}</span>
              <p className={styles.countLabel}>parties</p>
            </div>
            <div className={styles.meter} aria-hidden>
              <span style={{ width: `${percent}%` }} />
            </div>
          </section>

          {!online || queued > 0 ? (
            <p className={styles.offline} role="status">
              <CloudSyncOutlined /> {!online ? 'Offline. Scans are saved on this device. ' : ''}
              {queued > 0 ? `${queued} ${queued === 1 ? 'scan' : 'scans'} waiting to sync.` : ''}
            </p>
          ) : null}

          {scanning ? (
            <PassScanner onCode={(text) => void onCode(text)} onClose={() => setScanning(false)} />
          ) : (
            <Button
              type="primary"
              size="large"
              block
              icon={<CameraOutlined />}
              className={styles.scanButton}
              onClick={() => {
                setNotice(null);
                setSelected(null);
                setScanning(true);
              }}
            >
              Scan a pass
            </Button>
          )}

          <Input
            size="large"
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by guest name"
            aria-label="Search by guest name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={styles.search}
          />

          {notice ? <Alert type={notice.tone} showIcon title={notice.text} className={styles.notice} /> : null}

          {selected ? (
            <PartyCard
              key={`${selected.party.rsvpId}:${selected.party.checkIn?.arrived ?? 0}`}
              selected={selected}
              busy={busy}
              onCheckIn={doCheckIn}
              onSetArrived={doSetArrived}
            />
          ) : null}

          {q && !selected ? (
            <ul className={styles.results} aria-label="Guests found">
              {results.isFetching && !results.data ? <Spin /> : null}
              {results.data?.data.length === 0 ? (
                <li className={styles.empty}>No attending guest by that name.</li>
              ) : null}
              {results.data?.data.map((party) => (
                <li key={party.rsvpId}>
                  <button type="button" className={styles.result} onClick={() => choose(party)}>
                    <span className={styles.resultName}>{party.name}</span>
                    <span className={styles.resultMeta}>
                      {party.checkIn
                        ? `Arrived ${party.checkIn.arrived}/${party.partySize} · ${formatDoorTime(party.checkIn.checkedInAt)}`
                        : `Party of ${party.partySize}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {selected ? (
            // Kept at the bottom of the screen, above the phone's home indicator, where a thumb rests.
            <div className={styles.nextBar}>
              <Button size="large" block className={styles.nextButton} onClick={() => setSelected(null)}>
                Next guest
              </Button>
            </div>
          ) : null}
        </>
      )}
      <footer className={styles.footer}>
        {mayUseDashboard ? <a href="/admin">Admin dashboard</a> : null}
        <button type="button" className={styles.linkButton} onClick={onSignOut}>
          Sign out
        </button>
      </footer>
    </main>
  );
}
