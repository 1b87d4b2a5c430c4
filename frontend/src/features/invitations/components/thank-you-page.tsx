import { CalendarOutlined, EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { useInvitation } from '../api/invitation';
import { InvitationError } from './invitation-error';
import { formatLongDate, formatTimeRange, guestsLabel } from './invitation-format';
import styles from './invitation.module.css';

/** The thank-you page of the spec, after an RSVP (and its payment, for a paid event). */
export function ThankYouPage({ code }: { code: string }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const invitation = useInvitation(code);

  if (invitation.isLoading) {
    return (
      <main className={styles.page}>
        <Spin size="large" />
      </main>
    );
  }
  if (invitation.isError || !invitation.data) return <InvitationError onRetry={() => void invitation.refetch()} />;

  const { event, rsvp } = invitation.data;
  const guests = rsvp && rsvp.guestCount > 0 ? rsvp.guestCount : 1;
  return (
    <main className={styles.page}>
      <article className={`${styles.card} ${styles.thanks}`}>
        <div className={styles.cardInner}>
          <p className={styles.brand}>{brand}</p>
          <h1 className={styles.eventName}>Thank You!</h1>
          <p className={styles.request}>Your RSVP has been confirmed for {event.name}</p>
          <ul className={styles.thanksFacts}>
            <li>
              <CalendarOutlined aria-hidden />
              <span>
                {formatLongDate(event.date)}
                <br />
                {formatTimeRange(event.startTime, event.endTime)}
              </span>
            </li>
            <li>
              <EnvironmentOutlined aria-hidden />
              <span>
                {event.location}
                <br />
                <small>{event.address}</small>
              </span>
            </li>
            <li>
              <TeamOutlined aria-hidden />
              <span>{rsvp?.status === 'not_attending' ? 'Not attending' : guestsLabel(guests)}</span>
            </li>
          </ul>
          <p className={styles.description}>
            {rsvp?.status === 'not_attending'
              ? 'Thank you for letting us know. We hope to welcome you another time.'
              : 'The event details have been sent to your email. We look forward to welcoming you.'}
          </p>
          <Button type="primary" size="large" onClick={() => navigate('/')}>
            Return to Home
          </Button>
        </div>
      </article>
    </main>
  );
}
