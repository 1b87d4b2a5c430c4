import { formatDateTime } from '@maison/shared';
import { Alert, App, Button, Input, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import {
  PROFILE_KINDS,
  useMemberProfile,
  useProfileActions,
  type ProfileEntry,
  type ProfileKind,
} from '../api/member-profile';
import desk from './desk.module.css';
import styles from './member-profile.module.css';

function source(entry: ProfileEntry): string {
  if (entry.source === 'chat') return 'From the conversation';
  if (entry.source === 'staff') return entry.staffName ? `Added by ${entry.staffName}` : 'Added by staff';
  return 'Added by the member';
}

const when = (iso: string) => formatDateTime(iso, { style: 'short' });

/**
 * Beside a member's request: what the club remembers about the member (the same entries the member
 * sees in 'What we remember'), which staff add to, and the staff's own notes, which the member and
 * the concierge's AI never see.
 */
export function MemberProfilePanel({ memberId, name }: { memberId: string; name: string }) {
  const { message } = App.useApp();
  const profile = useMemberProfile(memberId);
  const actions = useProfileActions(memberId);
  const [kind, setKind] = useState<ProfileKind>('dining');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'preference' | 'note' | null>(null);

  const act = async (what: 'preference' | 'note', call: () => Promise<void>, done: string) => {
    setBusy(what);
    try {
      await call();
      message.success(done);
      return true;
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Request failed');
      return false;
    } finally {
      setBusy(null);
    }
  };

  const data = profile.data?.data;
  const groups = PROFILE_KINDS.map((k) => ({
    ...k,
    entries: (data?.entries ?? []).filter((e) => e.kind === k.kind),
  })).filter((group) => group.entries.length > 0);

  return (
    <section aria-label="Member profile" className={desk.block}>
      <h4>What we remember of {name}</h4>
      {profile.isLoading ? <Spin size="small" /> : null}
      {profile.isError ? <Alert type="error" showIcon title={profile.error.message} /> : null}
      {data ? (
        <>
          {data.paused ? <p className={styles.hint}>The member has paused remembering from the chat.</p> : null}
          {groups.length === 0 ? <p className={styles.hint}>Nothing remembered yet.</p> : null}
          {groups.map((group) => (
            <div key={group.kind}>
              <p className={styles.kind} id={`profile-${group.kind}`}>
                {group.label}
              </p>
              <ul className={styles.entries} aria-labelledby={`profile-${group.kind}`}>
                {group.entries.map((entry) => (
                  <li key={entry.id}>
                    {entry.value}
                    {entry.sensitive ? (
                      <Tag color="red" className={styles.sensitive}>
                        Sensitive
                      </Tag>
                    ) : null}
                    <span className={desk.muted}>
                      {' '}
                      · {source(entry)} · {when(entry.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className={styles.add}>
            <Select
              aria-label="Kind of preference"
              value={kind}
              onChange={setKind}
              options={PROFILE_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
            />
            <Input
              aria-label="Preference to remember"
              placeholder="e.g. A quiet corner table"
              maxLength={300}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            <Button
              loading={busy === 'preference'}
              disabled={!value.trim()}
              onClick={() =>
                void act(
                  'preference',
                  () => actions.addPreference({ kind, value: value.trim() }),
                  'Added to the member’s profile',
                ).then((ok) => ok && setValue(''))
              }
            >
              Add
            </Button>
          </div>

          <p className={styles.notesHead}>Staff notes</p>
          <p className={styles.hint}>Seen by staff only: never by the member or the AI concierge.</p>
          {data.notes.length > 0 ? (
            <ul className={styles.notes} aria-label="Staff notes">
              {data.notes.map((n) => (
                <li key={n.id}>
                  <p className={styles.noteText}>{n.text}</p>
                  <span className={desk.muted}>
                    {n.authorName} · {when(n.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <Input.TextArea
            aria-label="Staff note"
            placeholder="A note for the team (never shown to the member)"
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button
            loading={busy === 'note'}
            disabled={!note.trim()}
            onClick={() =>
              void act('note', () => actions.addNote(note.trim()), 'Note kept').then((ok) => ok && setNote(''))
            }
          >
            Add Note
          </Button>
        </>
      ) : null}
    </section>
  );
}
