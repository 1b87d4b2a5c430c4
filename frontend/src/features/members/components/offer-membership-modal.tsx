import { Alert, App, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { useOfferMembership, type OfferResult, type WaitlistFilter } from '../api/admin-members';
import { TIER_NAMES, type MemberTier } from '../api/members';
import styles from './members-admin.module.css';

export interface OfferSelection {
  /** The chosen waitlist rows, or null for every row matching `filter`. */
  ids: string[] | null;
  /** How many rows the selection covers, as the list counted them. */
  count: number;
  filter: WaitlistFilter;
}

const TIERS = Object.entries(TIER_NAMES) as [MemberTier, string][];

const REASONS: Record<OfferResult['skipped'][number]['reason'], string> = {
  ALREADY_MEMBER: 'already a member',
  ALREADY_OFFERED: 'already offered',
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * 'Offer Membership' from the Waitlist tab (mounted when opened): the tier, then one offer per
 * email, sent through the outbox. Anyone already a member or already offered is reported, not
 * offered twice.
 */
export default function OfferMembershipModal({
  selection,
  onClose,
  onOffered,
}: {
  selection: OfferSelection;
  onClose: () => void;
  onOffered: () => void;
}) {
  const [tier, setTier] = useState<MemberTier | null>(null);
  const [result, setResult] = useState<OfferResult | null>(null);
  const offer = useOfferMembership();
  const { notification } = App.useApp();

  const submit = async () => {
    if (result) return onClose();
    if (!tier) return;
    try {
      const answer = await offer.mutateAsync({
        tier,
        ...(selection.ids ? { entryIds: selection.ids } : { allMatching: true, ...selection.filter }),
      });
      setResult(answer);
      onOffered();
    } catch (error) {
      notification.error({
        title: 'Failed to offer membership',
        description: error instanceof ApiError ? error.message : 'Request failed',
      });
    }
  };

  const scope = selection.ids
    ? plural(selection.count, 'chosen entry', 'chosen entries')
    : `every entry matching the current search and filters (${plural(selection.count, 'entry', 'entries')})`;

  return (
    <Modal
      open
      title="Offer Membership"
      okText={result ? 'Done' : 'Send Offers'}
      okButtonProps={{ disabled: !result && !tier }}
      onOk={submit}
      onCancel={onClose}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      confirmLoading={offer.isPending}
      destroyOnHidden
    >
      {result ? (
        <div aria-live="polite">
          <p className={styles.result}>
            {plural(result.offered, 'offer', 'offers')} of {TIER_NAMES[tier ?? 'nomad']} membership sent.
            {result.skipped.length ? ` ${plural(result.skipped.length, 'entry was', 'entries were')} skipped.` : ''}
          </p>
          {result.skipped.length ? (
            <Alert
              type="info"
              showIcon
              title="Skipped"
              description={
                <ul className={styles.skipped}>
                  {result.skipped.map((s) => (
                    <li key={s.email}>
                      {s.email}: {REASONS[s.reason] ?? s.reason}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
        </div>
      ) : (
        <>
          <p className={styles.result}>
            Offering membership to <strong>{scope}</strong>. Each receives a personal link, valid for seven days.
          </p>
          <Form layout="vertical" requiredMark={false}>
            <Form.Item label="Tier">
              <Radio.Group
                aria-label="Tier"
                optionType="button"
                value={tier}
                onChange={(e) => setTier(e.target.value as MemberTier)}
                options={TIERS.map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
