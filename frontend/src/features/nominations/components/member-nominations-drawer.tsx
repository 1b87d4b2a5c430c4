import { formatDate } from '@maison/shared';
import { Alert, Drawer, Grid, Spin, Tag } from 'antd';
import { EmailText } from '../../../lib/email-text';
import { SponsorQuality } from '../../insights';
import { useStaffNominations, type Nominee } from '../api/nominations';
import styles from './nominations.module.css';

function NomineeRow({ nominee }: { nominee: Nominee }) {
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <p className={styles.rowTitle}>
          {nominee.name || 'No name given'}
          {nominee.confirmed ? null : <Tag className={styles.status}>Unconfirmed</Tag>}
        </p>
        <p className={styles.rowMeta}>
          <EmailText email={nominee.email} /> · Signed up {formatDate(nominee.signedUpAt)} ·{' '}
          {nominee.byEmail ? 'Nominated by email' : 'Through a shared link'}
        </p>
        {nominee.reasons.length > 0 ? (
          <ul className={styles.reasons} aria-label="Why it is suspect">
            {nominee.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A member's nominations in the Members tab: the credited sign-ups, and apart from them the
 * suspect ones (never credited) with the fraud checks' reasons.
 */
export function MemberNominationsDrawer({
  member,
  onClose,
}: {
  member: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const wide = Grid.useBreakpoint().md !== false;
  const query = useStaffNominations(member?.id ?? null);
  const data = query.data?.data;

  return (
    <Drawer
      open={member !== null}
      onClose={onClose}
      title={member ? `Nominations of ${member.name}` : 'Nominations'}
      size={wide ? 560 : '100%'}
      destroyOnHidden
    >
      {query.isPending ? (
        <Spin />
      ) : query.isError ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : data && member ? (
        <>
          <h3 className={styles.subTitle} id="staff-nominations-quality">
            Sponsor Quality
          </h3>
          <SponsorQuality memberId={member.id} />
          <p className={styles.facts}>
            <span>
              {data.activeLinks} {data.activeLinks === 1 ? 'live link' : 'live links'}
            </span>
            <span>
              {data.emailed} {data.emailed === 1 ? 'person' : 'people'} written to
            </span>
          </p>
          <h3 className={styles.subTitle} id="staff-nominations-credited">
            Credited ({data.credited.length})
          </h3>
          {data.credited.length > 0 ? (
            <ul className={styles.list} aria-labelledby="staff-nominations-credited">
              {data.credited.map((nominee) => (
                <NomineeRow key={nominee.entryId} nominee={nominee} />
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>No one has signed up through this member yet.</p>
          )}
          <h3 className={styles.subTitle} id="staff-nominations-suspect">
            Suspect, Not Credited ({data.suspect.length})
          </h3>
          {data.suspect.length > 0 ? (
            <ul className={styles.list} aria-labelledby="staff-nominations-suspect">
              {data.suspect.map((nominee) => (
                <NomineeRow key={nominee.entryId} nominee={nominee} />
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>None.</p>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
