import { PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@maison/shared';
import { App, Button, Input, Modal, Select, Spin, Switch, Tag } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import {
  PREFERENCE_KINDS,
  sourceOf,
  usePreferenceActions,
  usePreferences,
  type Preference,
  type PreferenceKind,
} from '../api/preferences';
import styles from './members.module.css';
import own from './what-we-remember.module.css';

const LONGEST = 300;

/** The entry being added (no id) or changed. */
interface Draft {
  id?: string;
  kind: PreferenceKind;
  value: string;
}

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

/**
 * 'What We Remember' in the member's account: every entry the club keeps, grouped by kind with
 * where it came from; the member adds, changes, forgets one or everything, and may pause
 * remembering what they tell the concierge.
 */
export function WhatWeRemember() {
  const { message, modal } = App.useApp();
  const memory = usePreferences();
  const actions = usePreferenceActions();
  const [draft, setDraft] = useState<Draft | null>(null);
  const switchLabel = useId();

  const attempt = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      message.success(done);
      return true;
    } catch (error) {
      message.error(readable(error));
      return false;
    }
  };

  const save = async () => {
    if (!draft || !draft.value.trim()) return;
    const value = draft.value.trim();
    const ok = draft.id
      ? await attempt(() => actions.change.mutateAsync({ id: draft.id!, value }), 'Changed')
      : await attempt(() => actions.add.mutateAsync({ kind: draft.kind, value }), 'We will remember it');
    if (ok) setDraft(null);
  };

  const forget = (entry: Preference) =>
    modal.confirm({
      title: 'Forget This',
      content: `We will forget “${entry.value}”.`,
      okText: 'Forget',
      okButtonProps: { danger: true },
      cancelText: 'Keep It',
      onOk: () => attempt(() => actions.forget.mutateAsync(entry.id), 'Forgotten'),
    });

  const forgetEverything = (count: number) =>
    modal.confirm({
      title: 'Forget Everything',
      content: `We will forget all ${count === 1 ? 'one thing' : `${count} things`} we remember about you. This cannot be undone.`,
      okText: 'Forget Everything',
      okButtonProps: { danger: true },
      cancelText: 'Keep Them',
      onOk: () => attempt(() => actions.forgetEverything.mutateAsync(), 'Everything has been forgotten'),
    });

  const entries = memory.data?.entries ?? [];
  const paused = memory.data?.paused ?? false;
  const groups = PREFERENCE_KINDS.map(({ kind, label }) => ({
    kind,
    label,
    entries: entries.filter((entry) => entry.kind === kind),
  })).filter((group) => group.entries.length > 0);

  return (
    <section className={styles.section} aria-labelledby="memory-title">
      <div className={styles.sectionHead}>
        <h2 id="memory-title" className={styles.sectionTitle}>
          What We Remember
        </h2>
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDraft({ kind: 'dining', value: '' })}
          disabled={!memory.data}
        >
          Add a Preference
        </Button>
      </div>
      <p className={own.intro}>
        What you tell the concierge, and what our staff note for you, so that each request begins where the last one
        ended. It is yours to change or forget.
      </p>

      {memory.isPending ? (
        <Spin />
      ) : memory.isError ? (
        <div>
          <p className={styles.empty}>We could not read what we remember: {readable(memory.error)}</p>
          <Button size="small" className={styles.linkButton} type="link" onClick={() => void memory.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <label className={own.switchRow}>
            <Switch
              aria-labelledby={switchLabel}
              checked={!paused}
              loading={actions.pause.isPending}
              onChange={(on) =>
                void attempt(
                  () => actions.pause.mutateAsync(!on),
                  on ? 'We will remember what you tell us' : 'Remembering is paused',
                )
              }
            />
            <span id={switchLabel}>Remember what I tell the concierge</span>
          </label>
          {paused ? (
            <p className={own.paused}>
              Paused: nothing new is kept from your conversations. What is listed here is still used.
            </p>
          ) : null}

          {groups.length === 0 ? (
            <p className={styles.empty}>
              Nothing yet. Tell the concierge what you love, and we will keep it here for you.
            </p>
          ) : (
            groups.map((group) => (
              <div key={group.kind} className={own.group}>
                <h3 className={own.groupTitle} id={`memory-${group.kind}`}>
                  {group.label}
                </h3>
                <ul className={styles.list} aria-labelledby={`memory-${group.kind}`}>
                  {group.entries.map((entry) => (
                    <li key={entry.id} className={styles.row}>
                      <div className={styles.rowMain}>
                        <p className={styles.rowTitle}>
                          {entry.value}
                          {entry.sensitive ? (
                            <Tag className={own.private} color="gold">
                              Private
                            </Tag>
                          ) : null}
                        </p>
                        <p className={styles.rowMeta}>
                          {sourceOf(entry)} · {formatDate(entry.createdAt)}
                        </p>
                      </div>
                      <div className={styles.rowActions}>
                        <Button
                          size="small"
                          aria-label={`Edit ${entry.value}`}
                          onClick={() => setDraft({ id: entry.id, kind: entry.kind, value: entry.value })}
                        >
                          Edit
                        </Button>
                        <Button size="small" danger aria-label={`Forget ${entry.value}`} onClick={() => forget(entry)}>
                          Forget
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}

          {entries.length > 0 ? (
            <div className={own.footer}>
              <Button danger onClick={() => forgetEverything(entries.length)}>
                Forget Everything
              </Button>
            </div>
          ) : null}
        </>
      )}

      <Modal
        open={draft !== null}
        title={draft?.id ? 'Edit What We Remember' : 'Add a Preference'}
        okText={draft?.id ? 'Save' : 'Remember'}
        cancelText="Cancel"
        onOk={() => void save()}
        onCancel={() => setDraft(null)}
        okButtonProps={{ disabled: !draft?.value.trim() }}
        confirmLoading={actions.add.isPending || actions.change.isPending}
        destroyOnHidden
      >
        {draft && !draft.id ? (
          <label className={own.field}>
            <span className={own.fieldLabel}>What it is about</span>
            <Select
              aria-label="What it is about"
              value={draft.kind}
              options={PREFERENCE_KINDS.map(({ kind, label }) => ({ value: kind, label }))}
              onChange={(kind) => setDraft((current) => (current ? { ...current, kind } : current))}
            />
          </label>
        ) : null}
        <label className={own.field}>
          <span className={own.fieldLabel}>What we should remember</span>
          <Input.TextArea
            aria-label="What we should remember"
            autoFocus
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={LONGEST}
            placeholder="A window table, never by the door"
            value={draft?.value ?? ''}
            onChange={(e) => setDraft((current) => (current ? { ...current, value: e.target.value } : current))}
          />
        </label>
      </Modal>
    </section>
  );
}
