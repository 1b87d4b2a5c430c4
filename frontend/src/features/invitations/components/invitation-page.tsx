import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBrand } from '../../../app/config';
import { formatDate, formatDateTime, formatEventTime, formatMoney } from '@maison/shared';
import { useInvitation, useSubmitRsvp } from '../api/invitation';
import { Flourish } from './flourish';
import { InvitationError } from './invitation-error';
import { InvitationSkeleton } from './invitation-skeleton';
import { formatTicket, guestsLabel } from './invitation-format';
import styles from './invitation.module.css';
import { RsvpForm } from './rsvp-form';
import { useWaitingListTurn } from '../api/waiting-list';
import { JoinWaitingList, WaitingListPanel } from './waiting-list-panel';

/** The guest's invitation: an engraved card with the event, then the RSVP form. Phone first. */
export function InvitationPage({ code }: { code: string }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const invitation = useInvitation(code);
  const submit = useSubmitRsvp(code);
  const turn = useWaitingListTurn(code).data ?? null;
  const atCapacity = submit.error?.code === 'EVENT_AT_CAPACITY';
  // An attending guest with a pass came back for the pass: the form waits behind a button.
  const [changing, setChanging] = useState(false);

  if (invitation.isLoading) return <InvitationSkeleton />;
  if (invitation.isError || !invitation.data) {
    return <InvitationError error={invitation.error} onRetry={() => void invitation.refetch()} />;
  }

  const { event, invitation: invite, rsvp, pass, changes } = invitation.data;
  const closed =
    invite.status === 'cancelled'
      ? 'This invitation has been cancelled.'
      : event.status === 'cancelled'
        ? 'We regret that this event has been cancelled.'
        : event.status === 'completed'
          ? 'This event has already taken place.'
          : null;
  const paid = event.ticketPrice > 0;
  const awaitingPayment = rsvp?.status === 'pending' && rsvp.holdExpiresAt && new Date(rsvp.holdExpiresAt) > new Date();
  const answered = rsvp?.status === 'attending' || rsvp?.status === 'not_attending';
  const deadline = formatDateTime(changes.deadline, { style: 'long', timeZone: event.timeZone, nameZone: true });
  const hostIsEmail = /^[^\s@]+@[^\s@]+$/.test(changes.host.contact);

  const showPass = Boolean(pass && rsvp?.status === 'attending' && !closed);
  const formShown = !showPass || changing;

  return (
    <main className={styles.page}>
      {pass && rsvp && showPass ? (
        <section className={styles.pass} aria-labelledby="pass-title">
          <h2 id="pass-title" className={styles.rsvpTitle}>
            Your Pass
          </h2>
          <p className={styles.passFor}>
            {event.name} · {formatDate(event.date, 'long')}
          </p>
          <img
            className={styles.passCode}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pass.svg)}`}
            width={220}
            height={220}
            alt={`Door pass for ${invite.recipientName}`}
          />
          <p className={styles.passNote}>
            Present this code at the door. It admits your party of {guestsLabel(rsvp.guestCount).toLowerCase()}.
          </p>
        </section>
      ) : null}

      <article className={styles.card}>
        <div className={styles.cardInner}>
          <p className={styles.brand}>{brand}</p>
          <Flourish />
          <p className={styles.salutation}>Dear {invite.recipientName},</p>
          <p className={styles.request}>{event.organizer} requests the pleasure of your company at</p>
          <h1 className={styles.eventName}>{event.name}</h1>
          <p className={styles.date}>{formatDate(event.date, 'long')}</p>
          <p className={styles.time}>{formatEventTime(event)}</p>
          <Flourish />
          <p className={styles.venue}>{event.location}</p>
          <p className={styles.address}>{event.address}</p>
          {event.description ? <p className={styles.description}>{event.description}</p> : null}
          <dl className={styles.facts}>
            {event.dresscode ? (
              <div>
                <dt>Dress code</dt>
                <dd>{event.dresscode}</dd>
              </div>
            ) : null}
            <div>
              <dt>Admits</dt>
              <dd>{invite.maxGuests === 1 ? '1 Guest' : `Up to ${guestsLabel(invite.maxGuests)}`}</dd>
            </div>
            <div>
              <dt>Ticket</dt>
              <dd>
                {event.ticketPrice > 0 ? (
                  <>
                    <span className={styles.amount}>{formatMoney(event.ticketPrice, event.currency)}</span>{' '}
                    <small className={styles.perGuest}>per guest</small>
                  </>
                ) : (
                  formatTicket(event.ticketPrice, event.currency)
                )}
              </dd>
            </div>
          </dl>
          {invite.specialNotes ? (
            <p className={styles.notes}>
              <span className={styles.notesLabel}>A note from your host</span>
              {invite.specialNotes}
            </p>
          ) : null}
        </div>
      </article>

      <section className={styles.rsvpPanel} aria-labelledby="rsvp-title">
        <h2 id="rsvp-title" className={styles.rsvpTitle}>
          Kindly Respond
        </h2>
        {closed ? (
          <p className={styles.closed}>{closed}</p>
        ) : (
          <>
            {rsvp?.status === 'attending' ? (
              <p className={styles.current} data-testid="current-answer">
                You are attending with {guestsLabel(rsvp.guestCount).toLowerCase()}.{' '}
                <Link to={`/invitations/${code}/thank-you`}>View confirmation</Link>
                {rsvp.raiseTo && rsvp.raiseTo > rsvp.guestCount ? (
                  <>
                    <br />
                    You asked for {guestsLabel(rsvp.raiseTo).toLowerCase()}: the additional seats are yours once paid.{' '}
                    <Link to={`/invitations/${code}/payment/${rsvp.id}`}>Complete payment</Link>
                  </>
                ) : null}
              </p>
            ) : rsvp?.status === 'not_attending' && turn?.status !== 'expired' ? (
              <p className={styles.current} data-testid="current-answer">
                You have declined.{changes.open ? ' You may change your answer below.' : ''}
              </p>
            ) : awaitingPayment && turn?.status !== 'offered' ? (
              <p className={styles.current}>
                Your seats are held while you complete payment.{' '}
                <Link to={`/invitations/${code}/payment/${rsvp.id}`}>Complete payment</Link>
              </p>
            ) : null}
            <WaitingListPanel code={code} turn={turn} paid={paid} />
            {changes.checkedIn ? (
              // The party came in: the server closed the answer, and says so in its words.
              <p className={styles.closed} role="status">
                {changes.refusal}
              </p>
            ) : (changes.open || !answered) && !formShown ? (
              <div className={styles.change}>
                <p className={styles.deadline}>You may change your answer until {deadline}.</p>
                <Button size="large" onClick={() => setChanging(true)}>
                  Change Your Answer
                </Button>
              </div>
            ) : changes.open || !answered ? (
              <>
                <p className={styles.deadline}>
                  {changes.open
                    ? `${answered ? 'You may change your answer' : 'Should your plans change, you may update your answer'} until ${deadline}.`
                    : 'Please note that your answer will be final.'}
                  {answered && paid && rsvp?.status === 'attending'
                    ? ' Fewer guests, or declining, are refunded the difference; more guests are paid for on the next page.'
                    : ''}
                </p>
                <RsvpForm
                  recipientName={invite.recipientName}
                  maxGuests={invite.maxGuests}
                  paid={paid}
                  previous={rsvp}
                  submitting={submit.isPending}
                  error={submit.error}
                  onSubmit={(answer) =>
                    submit.mutate(answer, {
                      onSuccess: ({ rsvp: saved, next }) =>
                        navigate(
                          next === 'payment'
                            ? `/invitations/${code}/payment/${saved.id}`
                            : `/invitations/${code}/thank-you`,
                        ),
                    })
                  }
                />
                {atCapacity && submit.variables && turn?.status !== 'waiting' && turn?.status !== 'offered' ? (
                  <JoinWaitingList code={code} answer={submit.variables} onJoined={() => submit.reset()} />
                ) : null}
              </>
            ) : (
              <p className={styles.closed} role="status">
                The RSVP deadline passed on {deadline}. To change your answer, please contact {changes.host.name} at{' '}
                {hostIsEmail ? (
                  <a href={`mailto:${changes.host.contact}`}>{changes.host.contact}</a>
                ) : (
                  changes.host.contact
                )}
                .
              </p>
            )}
          </>
        )}
      </section>
      <footer className={styles.footer}>
        <Button type="link" href="/">
          {brand}
        </Button>
      </footer>
    </main>
  );
}
