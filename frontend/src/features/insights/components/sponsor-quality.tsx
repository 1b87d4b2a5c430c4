import { Alert, Spin } from 'antd';
import { useSponsorQuality } from '../api/insights';
import { formatCount } from './insights-format';
import styles from './sponsor-quality.module.css';

/**
 * One member's sponsor quality, for the staff member detail: visits through their links and, of
 * the people they nominated, how many signed up, were invited, came to an event and paid (all time). Suspect sign-ups are
 * counted apart and never credited. Shown to staff whose role may read insights; for others it
 * says nothing at all.
 */
export function SponsorQuality({ memberId }: { memberId: string }) {
  const query = useSponsorQuality(memberId);
  if (query.isError && (query.error.status === 403 || query.error.status === 401)) return null;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  if (!query.data) return <Spin size="small" />;
  const sponsor = query.data.data.sponsor;
  const facts: Array<[string, number]> = [
    ['Visits', sponsor.visits],
    ['Signed up', sponsor.signedUp],
    ['Invited', sponsor.invited],
    ['Came', sponsor.came],
    ['Paid', sponsor.paid],
  ];
  return (
    <div className={styles.quality}>
      <dl className={styles.facts} aria-label="Sponsor quality">
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>
        {sponsor.signedUp === 0 && sponsor.suspect === 0
          ? 'No one has signed up through this member’s nominations yet.'
          : 'Of the people this member nominated, all time.'}
        {sponsor.suspect > 0 ? (
          <span className={styles.suspect}>
            {' '}
            {formatCount(sponsor.suspect)} suspect {sponsor.suspect === 1 ? 'sign-up' : 'sign-ups'} not credited.
          </span>
        ) : null}
      </p>
    </div>
  );
}
