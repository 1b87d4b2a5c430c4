import { CalendarOutlined, EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { useInvitation, useRsvpPayment, type InvitationView } from '../api/invitation';
import { InvitationError } from './invitation-error';
import { InvitationSkeleton } from './invitation-skeleton';
import { formatDate, formatEventTime } from '@maison/shared';
import { guestsLabel } from './invitation-format';
import styles from './invitation.module.css';

/** How often the page looks again while a payment is being confirmed, and for how long. */
const POLL_MS = 2000;
const PATIENCE_MS = 5 * 60_000;
/** After this long the guest is told it takes longer than usual (and that the email will follow). */
const SLOW_MS = 30_000;

/**
 * The thank-you page of the spec, after an RSVP (and its payment, for a paid event). It says
 * 'confirmed' only when the server has the reservation confirmed: attending, and paid when the
 * event has a price. Right after the card provider answers, the payment may still be on its way
 * to us (the webhook): the page then says so and looks again until it lands.
 */
export function ThankYouPage({ code }: { code: string }) {
  const [openedAt] = useState(() => Date.now());
  const patient = () => Date.now() - openedAt < PATIENCE_MS;
  const invitation = useInvitation(code, {
    refetchInterval: (query) => (query.state.data?.rsvp?.status === 'pending' && patient() ? POLL_MS : false),
  });
  const rsvp = invitation.data?.rsvp ?? null;
  const payment = useRsvpPayment(rsvp?.status === 'pending' ? rsvp.id : null, {
    refetchInterval: (query) => {
      const p = query.state.data;
      const settled = p === null || p?.status === 'failed' || p?.status === 'refunded' || p?.refundPending;
      return !settled && patient() ? POLL_MS : false;
    },
  });
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, []);

  if (invitation.isLoading) return <InvitationSkeleton label="Loading your reservation" />;
  if (invitation.isError || !invitation.data) {
    return <InvitationError error={invitation.error} onRetry={() => void invitation.refetch()} />;
  }

  const view = invitation.data;
  const invitationPath = `/invitation/${encodeURIComponent(code)}`;

  if (rsvp?.status === 'attending') return <Confirmed view={view} invitationPath={invitationPath} />;

  if (rsvp?.status === 'not_attending') {
    return (
      <ThankYouCard view={view} title="Thank You!" lead={`We are sorry you cannot join us for ${view.event.name}.`}>
        <p className={styles.description}>
          Your response has been recorded. Should your plans change, you may answer again from your invitation.
        </p>
        <Actions primary={{ label: 'View Your Invitation', to: invitationPath }} />
      </ThankYouCard>
    );
  }

  if (!rsvp) {
    return (
      <ThankYouCard
        view={view}
        title="Kindly Respond"
        lead={`We have not yet received your RSVP for ${view.event.name}.`}
      >
        <Actions primary={{ label: 'Respond to Your Invitation', to: invitationPath }} />
      </ThankYouCard>
    );
  }

  // Attending, awaiting payment: what became of it?
  const paymentPath = `/invitations/${encodeURIComponent(code)}/payment/${encodeURIComponent(rsvp.id)}`;
  const latest = payment.data;
  if (payment.isLoading) return <InvitationSkeleton label="Loading your reservation" />;
  if (latest && (latest.status === 'refunded' || latest.refundPending)) {
    return (
      <ThankYouCard
        view={view}
        title="We Could Not Confirm Your Reservation"
        lead={`Your payment for ${view.event.name} is being refunded in full.`}
      >
        <p className={styles.description}>We have sent you an email with the details.</p>
        <Actions primary={{ label: 'View Your Invitation', to: invitationPath }} />
      </ThankYouCard>
    );
  }
  if (latest?.status === 'failed') {
    return (
      <ThankYouCard view={view} title="Your Payment Did Not Go Through" lead={latest.failureMessage ?? undefined}>
        <p className={styles.description}>Your reservation is not confirmed yet. You may try again.</p>
        <Actions
          primary={{ label: 'Try Again', to: paymentPath }}
          secondary={{ label: 'View Your Invitation', to: invitationPath }}
        />
      </ThankYouCard>
    );
  }
  if (!latest) {
    return (
      <ThankYouCard
        view={view}
        title="Complete Your Reservation"
        lead={`Your reservation for ${view.event.name} awaits payment.`}
      >
        <p className={styles.description}>It will be confirmed as soon as your payment is received.</p>
        <Actions
          primary={{ label: 'Complete Payment', to: paymentPath }}
          secondary={{ label: 'View Your Invitation', to: invitationPath }}
        />
      </ThankYouCard>
    );
  }
  return (
    <ThankYouCard
      view={view}
      title="Confirming Your Reservation"
      lead={`We are confirming your payment for ${view.event.name}.`}
      guests={rsvp.guestCount}
    >
      <div className={styles.pending} role="status" aria-live="polite">
        <Spin size="small" />
        <span>This page updates by itself as soon as it is confirmed.</span>
      </div>
      {slow ? (
        <p className={styles.description}>
          This is taking longer than usual. You will receive an email as soon as your reservation is confirmed.
        </p>
      ) : null}
      <Actions secondary={{ label: 'View Your Invitation', to: invitationPath }} />
    </ThankYouCard>
  );
}

/** The spec's confirmation: 'Thank You!', the event, the guests, the details sent by email, and the way to the pass. */
function Confirmed({ view, invitationPath }: { view: InvitationView; invitationPath: string }) {
  const guests = view.rsvp && view.rsvp.guestCount > 0 ? view.rsvp.guestCount : 1;
  return (
    <ThankYouCard
      view={view}
      title="Thank You!"
      lead={`Your RSVP has been confirmed for ${view.event.name}`}
      guests={guests}
    >
      <p className={styles.description}>
        The event details have been sent to your email. We look forward to welcoming you.
      </p>
      <Actions secondary={view.pass ? { label: 'View Your Pass', to: invitationPath } : undefined} />
    </ThankYouCard>
  );
}

function ThankYouCard({
  view,
  title,
  lead,
  guests,
  children,
}: {
  view: InvitationView;
  title: string;
  lead?: string;
  guests?: number;
  children: ReactNode;
}) {
  const brand = useBrand();
  const { event } = view;
  return (
    <main className={styles.page}>
      <article className={`${styles.card} ${styles.thanks}`}>
        <div className={styles.cardInner}>
          <p className={styles.brand}>{brand}</p>
          <h1 className={styles.eventName}>{title}</h1>
          {lead ? <p className={styles.request}>{lead}</p> : null}
          <ul className={styles.thanksFacts}>
            <li>
              <CalendarOutlined aria-hidden />
              <span>
                {formatDate(event.date, 'long')}
                <br />
                {formatEventTime(event)}
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
            {guests ? (
              <li>
                <TeamOutlined aria-hidden />
                <span>{guestsLabel(guests)}</span>
              </li>
            ) : null}
          </ul>
          {children}
        </div>
      </article>
    </main>
  );
}

interface LinkAction {
  label: string;
  to: string;
}

/** The card's buttons; 'Return to Home' is always there, as the spec has it. */
function Actions({ primary, secondary }: { primary?: LinkAction; secondary?: LinkAction }) {
  const navigate = useNavigate();
  return (
    <div className={styles.thanksActions}>
      {primary ? (
        <Button type="primary" size="large" onClick={() => navigate(primary.to)}>
          {primary.label}
        </Button>
      ) : null}
      <Button type={primary ? 'default' : 'primary'} size="large" onClick={() => navigate('/')}>
        Return to Home
      </Button>
      {secondary ? (
        <Link className={styles.thanksLink} to={secondary.to}>
          {secondary.label}
        </Link>
      ) : null}
    </div>
  );
}
