import { App, Button, Spin } from 'antd';
import { ApiError } from '../../../api/client';
import { useMemberMailChoices, useSaveMemberMailChoices } from '../api/privacy';
import { ALWAYS_SENT, MailChoicesForm } from './mail-choices-form';
import styles from './privacy.module.css';

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

/**
 * "Emails We Send You" in the member's account: the same three choices as an email's preference
 * link, signed in. `classes` are the account page's, so it sits among its sections as one of them.
 */
export function EmailsWeSendYou({ classes = {} }: { classes?: { section?: string; head?: string; title?: string } }) {
  const { message } = App.useApp();
  const choices = useMemberMailChoices();
  const save = useSaveMemberMailChoices();

  return (
    <section className={classes.section} aria-labelledby="emails-title">
      <div className={classes.head}>
        <h2 id="emails-title" className={classes.title}>
          Emails We Send You
        </h2>
      </div>
      <p className={styles.intro}>{ALWAYS_SENT} The rest is yours to choose.</p>
      {choices.isPending ? (
        <Spin />
      ) : choices.isError ? (
        <div>
          <p className={styles.intro}>We could not read your choices: {readable(choices.error)}</p>
          <Button size="small" type="link" onClick={() => void choices.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <MailChoicesForm
          key={JSON.stringify(choices.data)}
          initial={choices.data}
          saving={save.isPending}
          layout="account"
          onSave={(next) =>
            save.mutate(next, {
              onSuccess: () => message.success('Your choices are saved'),
              onError: (error) => message.error(readable(error)),
            })
          }
        />
      )}
    </section>
  );
}
