import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@maison/shared';
import { Alert, App, Button, Input, Modal, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { EmailText } from '../../../lib/email-text';
import { EmailsWeSendYou } from '../../privacy';
import { NominateSection } from '../../nominations';
import { YourDataSection } from '../../data-requests';
import {
  signOut,
  TIER_NAMES,
  useAccountActions,
  useDevices,
  useMe,
  usePasskeysAvailable,
  type MemberDevice,
  type Passkey,
} from '../api/members';
import { browserSupportsWebAuthn, isDismissed, registerPasskey } from '../api/passkeys';
import styles from './members.module.css';
import { PaymentCard } from './payment-card';
import { WhatWeRemember } from './what-we-remember';

function readable(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

function deviceName(device: MemberDevice): string {
  return [device.browser, device.system].filter(Boolean).join(' on ') || 'Unknown device';
}

/**
 * /concierge/account, 'Your Account': who the member is, their passkeys (add, rename, remove) and
 * the devices signed in to their membership, each of which they may sign out.
 */
export function AccountPage({ onSignedOut }: { onSignedOut: () => void }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const me = useMe();
  const devices = useDevices(me.data != null);
  const available = usePasskeysAvailable();
  const actions = useAccountActions();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toSignIn = () => {
    onSignedOut();
    navigate('/concierge-auth', { replace: true });
  };

  const signedOut = me.data === null || (devices.error instanceof ApiError && devices.error.status === 401);
  useEffect(() => {
    if (signedOut) toSignIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedOut]);

  /** Runs a change; a 401 means this device's session has ended. */
  const attempt = async (change: () => Promise<unknown>, done?: string) => {
    setFailure(null);
    try {
      await change();
      if (done) message.success(done);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toSignIn();
      else setFailure(readable(error));
      return false;
    }
  };

  const addPasskey = async () => {
    setAdding(true);
    setFailure(null);
    try {
      await registerPasskey();
      await actions.refreshMe();
      message.success('Passkey added');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toSignIn();
      else if (!isDismissed(error)) setFailure(readable(error));
    } finally {
      setAdding(false);
    }
  };

  const saveRename = async () => {
    if (!renaming || !renaming.name.trim()) return;
    const ok = await attempt(
      () => actions.renamePasskey.mutateAsync({ id: renaming.id, name: renaming.name.trim() }),
      'Passkey renamed',
    );
    if (ok) setRenaming(null);
  };

  const removePasskey = (passkey: Passkey) =>
    modal.confirm({
      title: 'Remove Passkey',
      content: `Remove “${passkey.name}”? You will no longer be able to sign in with it; email sign-in remains.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => attempt(() => actions.removePasskey.mutateAsync(passkey.id), 'Passkey removed'),
    });

  const signOutDevice = async (device: MemberDevice) => {
    if (device.current) {
      await signOut().catch(() => undefined);
      toSignIn();
      return;
    }
    await attempt(() => actions.signOutDevice.mutateAsync(device.id), 'Device signed out');
  };

  const signOutOthers = () =>
    attempt(() => actions.signOutOthers.mutateAsync(), 'Every other device has been signed out');

  if (me.isPending || !me.data) {
    return (
      <main className={styles.page} aria-busy="true">
        {me.isError ? (
          <section className={styles.card} role="alert">
            <h1 className={styles.title}>Your Account</h1>
            <p className={styles.text}>{readable(me.error)}</p>
            <Button type="primary" size="large" block onClick={() => void me.refetch()}>
              Try Again
            </Button>
          </section>
        ) : (
          <Spin />
        )}
      </main>
    );
  }

  const member = me.data;
  const canAddPasskeys = available.data === true && browserSupportsWebAuthn();
  const list = devices.data ?? [];
  const others = list.filter((d) => !d.current).length;

  return (
    <main className={styles.page}>
      <section className={styles.wideCard} aria-labelledby="account-title">
        <div className={styles.accountHead}>
          <div>
            <p className={styles.eyebrow}>{brand} Members</p>
            <h1 id="account-title" className={styles.title}>
              Your Account
            </h1>
          </div>
          <Link to="/concierge" className={styles.backLink}>
            <ArrowLeftOutlined aria-hidden />
            <span>Back to the Concierge</span>
          </Link>
        </div>

        {failure ? <Alert type="error" showIcon title={failure} className={styles.quiet} /> : null}

        <div className={styles.section}>
          <dl className={styles.facts}>
            <div>
              <dt>Name</dt>
              <dd>{member.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <EmailText email={member.email} />
              </dd>
            </div>
            <div>
              <dt>Tier</dt>
              <dd>{TIER_NAMES[member.tier]}</dd>
            </div>
            {member.joinedAt ? (
              <div>
                <dt>Member Since</dt>
                <dd>{formatDate(member.joinedAt)}</dd>
              </div>
            ) : null}
          </dl>
        </div>

        <WhatWeRemember />

        <EmailsWeSendYou classes={{ section: styles.section, head: styles.sectionHead, title: styles.sectionTitle }} />

        <PaymentCard />

        <NominateSection />

        <section className={styles.section} aria-labelledby="passkeys-title">
          <div className={styles.sectionHead}>
            <h2 id="passkeys-title" className={styles.sectionTitle}>
              Passkeys
            </h2>
            {canAddPasskeys ? (
              <Button icon={<PlusOutlined />} loading={adding} onClick={addPasskey}>
                Add a Passkey
              </Button>
            ) : null}
          </div>
          {member.passkeys.length ? (
            <ul className={styles.list} aria-label="Passkeys">
              {member.passkeys.map((passkey) => (
                <li key={passkey.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <p className={styles.rowTitle}>{passkey.name}</p>
                    <p className={styles.rowMeta}>
                      Added {formatDate(passkey.createdAt)} ·{' '}
                      {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
                    </p>
                  </div>
                  <div className={styles.rowActions}>
                    <Button size="small" onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}>
                      Rename
                    </Button>
                    <Button size="small" danger onClick={() => removePasskey(passkey)}>
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>No passkeys yet: you sign in with a link sent to your email.</p>
          )}
          {canAddPasskeys ? null : (
            <p className={styles.quiet}>
              {available.data === true
                ? 'This browser does not offer passkeys.'
                : 'Passkeys are not offered at this web address.'}
            </p>
          )}
        </section>

        <section className={styles.section} aria-labelledby="devices-title">
          <div className={styles.sectionHead}>
            <h2 id="devices-title" className={styles.sectionTitle}>
              Signed-In Devices
            </h2>
            <Button
              disabled={others === 0}
              loading={actions.signOutOthers.isPending}
              onClick={() => void signOutOthers()}
            >
              Sign Out Everywhere Else
            </Button>
          </div>
          {devices.isPending ? (
            <Spin />
          ) : (
            <ul className={styles.list} aria-label="Signed-in devices">
              {list.map((device) => (
                <li key={device.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <p className={styles.rowTitle}>
                      {deviceName(device)}
                      {device.current ? (
                        <Tag color="gold" className={styles.thisDevice}>
                          This Device
                        </Tag>
                      ) : null}
                    </p>
                    <p className={styles.rowMeta}>
                      Signed in {formatDate(device.createdAt)} · Last seen {formatDateTime(device.lastSeenAt)}
                    </p>
                  </div>
                  <div className={styles.rowActions}>
                    <Button size="small" onClick={() => void signOutDevice(device)}>
                      Sign Out
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <YourDataSection classes={{ section: styles.section, head: styles.sectionHead, title: styles.sectionTitle }} />
      </section>

      <Modal
        open={renaming !== null}
        title="Rename Passkey"
        okText="Save"
        cancelText="Cancel"
        onOk={() => void saveRename()}
        onCancel={() => setRenaming(null)}
        confirmLoading={actions.renamePasskey.isPending}
        destroyOnHidden
      >
        <Input
          aria-label="Passkey name"
          autoFocus
          maxLength={60}
          value={renaming?.name ?? ''}
          onChange={(e) => setRenaming((current) => (current ? { ...current, name: e.target.value } : current))}
          onPressEnter={() => void saveRename()}
        />
      </Modal>
    </main>
  );
}
