import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { useBrand } from '../../../app/config';
import { track } from '../../../lib/analytics';
import { prefetchToasts, useToasts } from '../../../lib/toasts/use-toasts';
import { buildWaitlistPayload, useJoinWaitlist, type WaitlistFormValues } from '../api/join-waitlist';
import { validateWaitlist, type WaitlistErrors, type WaitlistField } from '@maison/shared';
import styles from './waitlist-form.module.css';

const EMPTY: WaitlistFormValues = { email: '', fullName: '', phoneNumber: '', consent: false, bot_check: '' };
const FIELDS: WaitlistField[] = ['email', 'fullName', 'phoneNumber', 'consent'];

export function WaitlistForm() {
  const brand = useBrand();
  const { notify, host: toasts } = useToasts();
  const joinWaitlist = useJoinWaitlist();
  const [values, setValues] = useState<WaitlistFormValues>(EMPTY);
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const fieldRefs = useRef<Partial<Record<WaitlistField, HTMLInputElement | null>>>({});
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const ids = {
    email: `${id}-email`,
    fullName: `${id}-full-name`,
    phoneNumber: `${id}-phone`,
    consent: `${id}-consent`,
    botCheck: `${id}-bot-check`,
  };

  const update = (field: keyof WaitlistFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'bot_check' && errors[field]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  };

  const focusFirstError = (found: WaitlistErrors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) fieldRefs.current[first]?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (joinWaitlist.isPending) return;

    const found = validateWaitlist(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }

    const payload = buildWaitlistPayload(values);
    joinWaitlist.mutate(payload, {
      onSuccess: () => {
        notify('success', 'Welcome to the inner circle.', 'Watch your inbox for updates.');
        track('submit_waitlist', { emailDomain: payload.email.split('@')[1]?.toLowerCase() ?? '' });
        setSubmitted(true);
        requestAnimationFrame(() => confirmationRef.current?.focus());
      },
      onError: (error) => {
        const fromServer = error instanceof ApiError ? pickFieldErrors(error.fields) : {};
        setErrors(fromServer);
        focusFirstError(fromServer);
        // The spec's one failure toast, whatever went wrong (a rate limit included).
        notify('error', 'Something went wrong', 'Please try again later.');
      },
    });
  };

  const startOver = () => {
    joinWaitlist.reset();
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
    requestAnimationFrame(() => fieldRefs.current.email?.focus());
  };

  if (submitted) {
    return (
      <>
        <div className={styles.confirmation} role="status">
          <span className={styles.seal} aria-hidden="true">
            <svg viewBox="0 0 48 48" width="48" height="48">
              <circle cx="24" cy="24" r="22.5" fill="none" stroke="currentColor" strokeWidth="0.75" />
              <circle cx="24" cy="24" r="18.5" fill="none" stroke="currentColor" strokeWidth="0.5" opacity="0.6" />
              <path d="M16.5 24.5l5 5 10-11" fill="none" stroke="currentColor" strokeWidth="1.1" />
            </svg>
          </span>
          <h3 className={styles.confirmationTitle} ref={confirmationRef} tabIndex={-1}>
            Welcome to the Inner Circle
          </h3>
          <p className={styles.confirmationText}>
            Your place in our exclusive community is secured. We'll be in touch with updates.
          </p>
          <button type="button" className={`mf-btn ${styles.again}`} onClick={startOver}>
            Request Another Invitation
          </button>
        </div>
        {toasts}
      </>
    );
  }

  const describedBy = (field: WaitlistField) => (errors[field] ? `${ids[field]}-error` : undefined);

  return (
    <>
      {/* A visitor filling the form in will see a toast: its code starts downloading now. */}
      <form
        className={styles.form}
        onSubmit={handleSubmit}
        onFocus={prefetchToasts}
        noValidate
        aria-label="Request early access"
      >
        <div className={styles.field}>
          <label htmlFor={ids.email} className={styles.label}>
            Email address
          </label>
          <input
            ref={(node) => {
              fieldRefs.current.email = node;
            }}
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            className={styles.input}
            value={values.email}
            onChange={update('email')}
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
          />
          <FieldError id={`${ids.email}-error`} message={errors.email} />
        </div>

        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={ids.fullName} className={styles.label}>
              Full name <span className={styles.optional}>Optional</span>
            </label>
            <input
              ref={(node) => {
                fieldRefs.current.fullName = node;
              }}
              id={ids.fullName}
              name="fullName"
              type="text"
              autoComplete="name"
              className={styles.input}
              value={values.fullName}
              onChange={update('fullName')}
              aria-invalid={errors.fullName ? true : undefined}
              aria-describedby={describedBy('fullName')}
            />
            <FieldError id={`${ids.fullName}-error`} message={errors.fullName} />
          </div>

          <div className={styles.field}>
            <label htmlFor={ids.phoneNumber} className={styles.label}>
              Phone number <span className={styles.optional}>Optional</span>
            </label>
            <input
              ref={(node) => {
                fieldRefs.current.phoneNumber = node;
              }}
              id={ids.phoneNumber}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              className={styles.input}
              value={values.phoneNumber}
              onChange={update('phoneNumber')}
              aria-invalid={errors.phoneNumber ? true : undefined}
              aria-describedby={describedBy('phoneNumber')}
            />
            <FieldError id={`${ids.phoneNumber}-error`} message={errors.phoneNumber} />
          </div>
        </div>

        {/* Honeypot: invisible to people and assistive technology; bots tend to fill it in. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor={ids.botCheck}>Leave this field empty</label>
          <input
            id={ids.botCheck}
            name="bot_check"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.bot_check}
            onChange={update('bot_check')}
          />
        </div>

        <div className={styles.consent}>
          <input
            ref={(node) => {
              fieldRefs.current.consent = node;
            }}
            id={ids.consent}
            name="consent"
            type="checkbox"
            className={styles.checkbox}
            checked={values.consent}
            onChange={update('consent')}
            aria-required="true"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
          />
          <label htmlFor={ids.consent} className={styles.consentLabel}>
            I confirm I'm 25+ and consent to receive updates from {brand}.
          </label>
          <FieldError id={`${ids.consent}-error`} message={errors.consent} />
        </div>

        <button
          type="submit"
          className={`mf-btn mf-btn--gold mf-btn--block ${styles.submit}`}
          disabled={joinWaitlist.isPending}
          aria-busy={joinWaitlist.isPending || undefined}
        >
          {joinWaitlist.isPending ? 'Processing...' : 'Request Invitation'}
        </button>
      </form>
      {toasts}
    </>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {message}
    </p>
  );
}

function pickFieldErrors(fields: Record<string, string>): WaitlistErrors {
  const picked: WaitlistErrors = {};
  for (const field of FIELDS) {
    if (fields[field]) picked[field] = fields[field];
  }
  return picked;
}
