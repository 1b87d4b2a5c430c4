import {
  CheckOutlined,
  CloseOutlined,
  ExclamationCircleOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { answerStep, forgetRemembered, type ReplyStep } from '../api/steps';
import styles from './reply-steps.module.css';

interface ReplyStepsProps {
  /** The reply the steps belong to; null while it is being written and not yet named. */
  messageId: string | null;
  steps: ReplyStep[];
}

const LOOKUPS = new Set(['search_partners', 'check_event_availability', 'read_preferences']);

function StepIcon({ step }: { step: ReplyStep }) {
  if (step.status === 'failed') return <ExclamationCircleOutlined />;
  if (step.status === 'ask') return <QuestionCircleOutlined />;
  if (step.status === 'declined') return <CloseOutlined />;
  return LOOKUPS.has(step.tool) ? <SearchOutlined /> : <CheckOutlined />;
}

/**
 * What the concierge looked up or did while writing a reply, one quiet line each: a line with
 * more to say opens to show it; 'Remembered: ...' offers Undo (No to the step, which forgets it;
 * while the reply is still being written, straight from What we remember); a step that asks
 * offers Yes and No once the reply is kept.
 */
export function ReplySteps({ messageId, steps }: ReplyStepsProps) {
  const { message } = App.useApp();
  /** Steps as answered here, until the thread's next copy carries them. */
  const [answered, setAnswered] = useState<Record<string, ReplyStep>>({});
  const [forgotten, setForgotten] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (steps.length === 0) return null;

  const answer = async (step: ReplyStep, reply: 'yes' | 'no') => {
    if (!messageId) return;
    setBusy(step.id);
    try {
      const now = await answerStep(messageId, step.id, reply);
      setAnswered((all) => ({ ...all, [step.id]: now }));
    } catch (failure) {
      message.error(failure instanceof Error ? failure.message : 'This could not be saved. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  /** Forgets what a step kept: through the reply once it is kept (the step then says so for good). */
  const undo = async (step: ReplyStep, preferenceId: string) => {
    setBusy(step.id);
    try {
      if (messageId) {
        const now = await answerStep(messageId, step.id, 'no');
        setAnswered((all) => ({ ...all, [step.id]: now }));
      } else {
        await forgetRemembered(preferenceId);
        setForgotten((all) => new Set(all).add(step.id));
      }
    } catch (failure) {
      // Forgotten already (from 'What we remember', or another device): it is gone all the same.
      if (failure instanceof ApiError && failure.status === 404) setForgotten((all) => new Set(all).add(step.id));
      else message.error(failure instanceof Error ? failure.message : 'This could not be undone. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul className={styles.steps} aria-label="What your concierge did">
      {steps.map((stored) => {
        const step = answered[stored.id] ?? stored;
        const gone = forgotten.has(step.id);
        const label = gone && step.memory ? `Forgotten: ${step.memory.value}` : step.label;
        const preferenceId = step.memory?.preferenceId;
        const canUndo = !gone && preferenceId && (step.status === 'done' || step.status === 'accepted');
        const detailId = `step-${messageId ?? 'new'}-${step.id}`;
        return (
          <li key={step.id} className={`${styles.step} ${styles[step.status] ?? ''}`} data-status={step.status}>
            <span className={styles.icon} aria-hidden>
              <StepIcon step={step} />
            </span>
            {step.detail ? (
              <button
                type="button"
                className={styles.label}
                aria-expanded={open === step.id}
                aria-controls={detailId}
                onClick={() => setOpen(open === step.id ? null : step.id)}
              >
                {label}
              </button>
            ) : (
              <span className={styles.label}>{label}</span>
            )}
            {step.status === 'ask' && messageId && (
              <span className={styles.actions}>
                <Button size="small" type="primary" loading={busy === step.id} onClick={() => answer(step, 'yes')}>
                  Yes
                </Button>
                <Button size="small" disabled={busy === step.id} onClick={() => answer(step, 'no')}>
                  No
                </Button>
              </span>
            )}
            {canUndo && (
              <Button
                size="small"
                type="link"
                loading={busy === step.id}
                aria-label={`Undo: ${label}`}
                onClick={() => undo(step, preferenceId)}
              >
                Undo
              </Button>
            )}
            {step.detail && open === step.id && (
              <p id={detailId} className={styles.detail}>
                {step.detail}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
