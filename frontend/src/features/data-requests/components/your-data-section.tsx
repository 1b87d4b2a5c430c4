import { formatDate, formatDateTime } from '@maison/shared';
import { App, Button, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { ERASE_WORD, useAskMemberDataRequest, useMemberDataRequests, type DataRequest } from '../api/data-requests';
import styles from './data-requests.module.css';

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

/** One request as the member reads it: what, when, and where it stands. */
export function describeRequest(request: DataRequest): { kind: string; state: string } {
  const kind = request.kind === 'export' ? 'A copy of your data' : 'Erasure of your account';
  const asked = `asked ${formatDate(request.receivedAt)}`;
  if (request.status === 'refused')
    return { kind, state: `${asked} · declined${request.notes ? `: ${request.notes}` : ''}` };
  if (request.status === 'completed') {
    if (request.kind === 'export') {
      const live = request.downloadExpiresAt && new Date(request.downloadExpiresAt).getTime() > Date.now();
      return {
        kind,
        state: live
          ? `${asked} · sent by email, downloadable until ${formatDateTime(request.downloadExpiresAt!)}`
          : `${asked} · sent by email; the link has expired`,
      };
    }
    return { kind, state: `${asked} · carried out` };
  }
  if (request.kind === 'export') return { kind, state: `${asked} · being prepared, it will arrive by email` };
  return { kind, state: `${asked} · we will carry it out by ${formatDate(request.dueAt)}` };
}

/**
 * "Your Data" in the member's account: a copy of everything the club holds about them, emailed as a
 * link valid 24 hours, or the erasure of the account after typing ERASE. `classes` are the account
 * page's, so it sits among its sections as one of them.
 */
export function YourDataSection({ classes = {} }: { classes?: { section?: string; head?: string; title?: string } }) {
  const { message } = App.useApp();
  const requests = useMemberDataRequests();
  const ask = useAskMemberDataRequest();
  const [erasing, setErasing] = useState(false);
  const [typed, setTyped] = useState('');
  const [eraseError, setEraseError] = useState<string | null>(null);

  const openExport = requests.data?.find(
    (r) => r.kind === 'export' && r.status !== 'completed' && r.status !== 'refused',
  );
  const openErasure = requests.data?.find(
    (r) => r.kind === 'erasure' && r.status !== 'completed' && r.status !== 'refused',
  );

  const download = () =>
    ask.mutate(
      { kind: 'export' },
      {
        onSuccess: (request) =>
          message.success(
            request.status === 'completed' && request.downloadExpiresAt
              ? `We sent you a copy within the hour: its link works until ${formatDateTime(request.downloadExpiresAt)}`
              : 'Your copy is being prepared: it will arrive by email within minutes',
          ),
        onError: (error) => message.error(readable(error)),
      },
    );

  const erase = () => {
    setEraseError(null);
    ask.mutate(
      { kind: 'erasure', confirmation: typed.trim() },
      {
        onSuccess: () => {
          setErasing(false);
          setTyped('');
          message.success('Your request is received: we will carry it out within 30 days');
        },
        onError: (error) =>
          setEraseError(error instanceof ApiError ? (error.fields.confirmation ?? error.message) : readable(error)),
      },
    );
  };

  return (
    <section className={classes.section} aria-labelledby="your-data-title">
      <div className={classes.head}>
        <h2 id="your-data-title" className={classes.title}>
          Your Data
        </h2>
      </div>
      <p className={styles.intro}>
        Receive a copy of everything we hold about you: your account, conversations, requests, what we remember,
        invitations and payments. It arrives by email as a download, valid for 24 hours.
      </p>
      <div className={styles.buttons}>
        <Button onClick={download} loading={ask.isPending && ask.variables?.kind === 'export'} disabled={!!openExport}>
          {openExport ? 'Your Copy Is on Its Way' : 'Download My Data'}
        </Button>
        <Button danger onClick={() => setErasing(true)} disabled={!!openErasure}>
          {openErasure ? 'Erasure Requested' : 'Erase My Account'}
        </Button>
      </div>
      {requests.isPending ? (
        <Spin size="small" />
      ) : requests.isError ? (
        <p className={styles.intro}>We could not read your requests: {readable(requests.error)}</p>
      ) : requests.data.length > 0 ? (
        <ul className={styles.requests} aria-label="Your requests">
          {requests.data.map((request) => {
            const { kind, state } = describeRequest(request);
            return (
              <li key={request.id} className={styles.request}>
                <span className={styles.requestKind}>{kind}</span>
                <span className={styles.requestState}>{state}</span>
              </li>
            );
          })}
        </ul>
      ) : null}

      <Modal
        open={erasing}
        title="Erase My Account"
        onCancel={() => {
          setErasing(false);
          setTyped('');
          setEraseError(null);
        }}
        okText="Erase My Account"
        okButtonProps={{ danger: true, disabled: typed.trim().toUpperCase() !== ERASE_WORD, loading: ask.isPending }}
        onOk={erase}
        cancelText="Keep My Account"
        destroyOnHidden
      >
        <p className={styles.modalText}>
          We will remove your name, address, conversations, requests, what we remember and your saved cards, and close
          your membership. Records of payments stay, as the law requires, with the amounts and dates only. Our team
          carries it out within 30 days; it cannot be undone.
        </p>
        <label className={styles.confirm}>
          <span>
            Type <strong>{ERASE_WORD}</strong> to confirm
          </span>
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            aria-invalid={eraseError ? true : undefined}
            onPressEnter={() => {
              if (typed.trim().toUpperCase() === ERASE_WORD) erase();
            }}
          />
        </label>
        {eraseError ? (
          <p className={styles.fieldError} role="alert">
            {eraseError}
          </p>
        ) : null}
      </Modal>
    </section>
  );
}
