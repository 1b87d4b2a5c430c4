import { ClockCircleOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Input, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { COLUMNS, useDeskCards, useDeskLive, useDeskStats, type StaffCard } from '../api/desk';
import {
  askedBy,
  CATEGORY_TITLE,
  duration,
  elapsed,
  partyFact,
  STATUS_TITLE,
  whenFact,
  whereFact,
} from './desk-format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { RequestDetail } from './request-detail';
import styles from './desk.module.css';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The clock the waiting times are read against, moving every 15 s. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function RequestCard({ card, now, onOpen }: { card: StaffCard; now: number; onOpen: () => void }) {
  const parsed = card.parsedEntities;
  return (
    <button
      type="button"
      className={styles.card}
      onClick={onOpen}
      aria-label={`Open request: ${card.text.split('\n')[0]}`}
      data-request-id={card.id}
    >
      <span className={styles.cardHead}>
        <span className={styles.category}>
          {parsed ? (CATEGORY_TITLE[parsed.mainCategory] ?? parsed.mainCategory) : 'Request'}
        </span>
        {card.handoffAt ? (
          <Tag color="red" icon={<UserOutlined />} className={styles.marker}>
            Asked for a person
          </Tag>
        ) : null}
      </span>
      <span className={card.member ? styles.askedByMember : styles.askedBy} data-testid="asked-by">
        {askedBy(card.member)}
      </span>
      <span className={styles.cardText}>{card.text.split('\n')[0]}</span>
      <dl className={styles.facts}>
        <dt>Where</dt>
        <dd>{whereFact(parsed)}</dd>
        <dt>When</dt>
        <dd>{whenFact(parsed)}</dd>
        {partyFact(parsed) ? (
          <>
            <dt>Party</dt>
            <dd>{partyFact(parsed)}</dd>
          </>
        ) : null}
        <dt>Budget</dt>
        <dd>{parsed?.budget ?? '—'}</dd>
      </dl>
      {parsed?.preferences.length || parsed?.dietary?.length ? (
        <span className={styles.chips}>
          {(parsed.dietary ?? []).map((d) => (
            <Tag key={`diet-${d}`} color="volcano" className={styles.chip}>
              {d}
            </Tag>
          ))}
          {parsed.preferences.map((p) => (
            <Tag key={p} className={styles.chip}>
              {p}
            </Tag>
          ))}
        </span>
      ) : null}
      <span className={styles.cardFoot}>
        {card.lastMemberMessageAt ? (
          <span title="Since the member’s last message">Member wrote {elapsed(card.lastMemberMessageAt, now)} ago</span>
        ) : null}
        {card.waitingSince ? (
          <span className={styles.waiting} title="Waiting for staff">
            <ClockCircleOutlined aria-hidden /> Waiting {elapsed(card.waitingSince, now)}
          </span>
        ) : null}
      </span>
    </button>
  );
}

/** The staff console: open requests in four columns, filtered on the server, live. */
export default function RequestsTab() {
  const { notification } = App.useApp();
  const now = useNow();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [category, setCategory] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const cards = useDeskCards({ q: q || undefined, category });
  const stats = useDeskStats();
  useDeskLive((update) => {
    if (update.event === 'request.created') {
      notification.info({ title: 'New request', description: 'A member has asked the concierge for something.' });
    }
    if (update.event === 'request.handoff') {
      notification.warning({ title: 'A member asked for a person', description: 'The AI is silent in that thread.' });
    }
  });
  const rows = cards.data?.data ?? [];

  return (
    <section aria-label="Requests" className={styles.tab}>
      <div className={styles.overview}>
        <div>
          <span className={styles.figure}>{rows.filter((r) => r.waitingSince).length}</span>
          <span className={styles.figureLabel}>waiting for the team</span>
        </div>
        <div>
          <span className={styles.figure}>{duration(stats.data?.data.medianFirstResponseSeconds ?? null)}</span>
          <span className={styles.figureLabel}>median first response, last 7 days</span>
        </div>
      </div>
      <div className={styles.toolbar} role="group" aria-label="Filter the requests">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search requests"
          aria-label="Search the requests"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={styles.search}
        />
        <Select
          allowClear
          placeholder="Any category"
          aria-label="Category"
          value={category}
          onChange={(value?: string) => setCategory(value || undefined)}
          options={Object.entries(CATEGORY_TITLE)
            .filter(([id]) => id !== 'default')
            .map(([value, label]) => ({ value, label }))}
          className={styles.filter}
        />
      </div>
      {cards.isError && cards.error.status !== 401 && (
        <Alert type="error" showIcon title={cards.error.message} className={styles.error} />
      )}
      <div className={styles.board}>
        {COLUMNS.map((status) => {
          const column = rows.filter((r) => r.status === status);
          return (
            <section key={status} className={styles.column} aria-label={STATUS_TITLE[status]} data-status={status}>
              <h3 className={styles.columnTitle}>
                {STATUS_TITLE[status]} <span className={styles.count}>{column.length}</span>
              </h3>
              {column.length === 0 ? (
                <EmptyState size="small" title="No requests" />
              ) : (
                column.map((card) => (
                  <RequestCard key={card.id} card={card} now={now} onOpen={() => setOpenId(card.id)} />
                ))
              )}
            </section>
          );
        })}
      </div>
      <RequestDetail id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
