import { Button, Switch } from 'antd';
import { useId, useState } from 'react';
import { MAIL_KINDS, type MailChoices } from '../api/privacy';
import styles from './privacy.module.css';

/** The sentence under the choices: what always arrives, whatever is chosen here. */
export const ALWAYS_SENT = 'Messages about your sign-in, your requests and replies, payments and passes always arrive.';

interface Props {
  /** What the person receives now (the form starts from it; give it a `key` to start again). */
  initial: MailChoices;
  saving: boolean;
  onSave: (choices: MailChoices) => void;
  /** The account's section sets its footer to the right; the page's is a full-width button. */
  layout?: 'page' | 'account';
}

/**
 * The three kinds of email a person may leave (club news, invitations, digests), each a switch
 * on a hairline, and Save, enabled once something changed.
 */
export function MailChoicesForm({ initial, saving, onSave, layout = 'page' }: Props) {
  const [draft, setDraft] = useState<MailChoices>(initial);
  const id = useId();
  const changed = MAIL_KINDS.some(({ choice }) => draft[choice] !== initial[choice]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(draft);
      }}
    >
      <ul className={styles.choices}>
        {MAIL_KINDS.map(({ choice, title, text }) => (
          <li key={choice}>
            <label className={styles.choice} htmlFor={`${id}-${choice}`}>
              <span className={styles.choiceWords}>
                <span className={styles.choiceTitle} id={`${id}-${choice}-title`}>
                  {title}
                </span>
                <span className={styles.choiceText} id={`${id}-${choice}-text`}>
                  {text}
                </span>
              </span>
              <Switch
                id={`${id}-${choice}`}
                aria-labelledby={`${id}-${choice}-title`}
                aria-describedby={`${id}-${choice}-text`}
                checked={draft[choice]}
                disabled={saving}
                onChange={(on) => setDraft((current) => ({ ...current, [choice]: on }))}
              />
            </label>
          </li>
        ))}
      </ul>
      <div className={layout === 'page' ? styles.footer : styles.accountFooter}>
        <Button
          type="primary"
          htmlType="submit"
          size={layout === 'page' ? 'large' : 'middle'}
          block={layout === 'page'}
          loading={saving}
          disabled={!changed}
        >
          Save My Choices
        </Button>
      </div>
    </form>
  );
}
