import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@maison/shared';
import { Alert, App, Button, Form, Input, Spin, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { EmailText } from '../../../lib/email-text';
import { useNominationActions, useNominations, type NominationLink } from '../api/nominations';
import styles from './nominations.module.css';

/** The most links a member keeps live at once (the server's limit). */
const MAX_LINKS = 5;

interface Letter {
  name: string;
  email: string;
}

function readable(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Please try again.';
}

/** Copies the text; where the browser refuses the clipboard, says so rather than pretending. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Nominate' in the member's account: their personal links (copy, another, retire), a letter the
 * club writes in their name, and the people they nominated: each with whether they have asked for
 * their place. Only the member's own; no counts of anyone else's.
 */
export function NominateSection() {
  const { message, modal } = App.useApp();
  const nominations = useNominations();
  const actions = useNominationActions();
  const [form] = Form.useForm<Letter>();
  const [formError, setFormError] = useState<string | null>(null);

  const copyLink = async (link: NominationLink) => {
    if (await copy(link.url)) message.success('Link copied');
    else message.info('Your browser did not allow copying: select the link and copy it yourself.');
  };

  const addLink = async () => {
    try {
      await actions.addLink.mutateAsync();
      message.success('Another personal link is ready');
    } catch (error) {
      message.error(readable(error));
    }
  };

  const retire = (link: NominationLink) =>
    modal.confirm({
      title: 'Retire This Link',
      content:
        'Anyone who follows it may still request a place, but will no longer be counted as your nomination. Those you wrote to with it remain yours.',
      okText: 'Retire',
      okButtonProps: { danger: true },
      cancelText: 'Keep It',
      onOk: async () => {
        try {
          await actions.revokeLink.mutateAsync(link.code);
          message.success('Link retired');
        } catch (error) {
          message.error(readable(error));
        }
      },
    });

  const send = async (values: Letter) => {
    setFormError(null);
    try {
      await actions.nominate.mutateAsync({ name: values.name.trim(), email: values.email.trim() });
      form.resetFields();
      message.success(`We will write to ${values.name.trim()} in your name`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        form.setFields(
          Object.entries(error.fields)
            .filter(([name]) => name === 'name' || name === 'email')
            .map(([name, text]) => ({ name: name as keyof Letter, errors: [text] })),
        );
      } else {
        setFormError(readable(error));
      }
    }
  };

  const data = nominations.data;
  const links = data?.links ?? [];

  return (
    <section className={styles.section} aria-labelledby="nominate-title">
      <div className={styles.head}>
        <h2 id="nominate-title" className={styles.title}>
          Nominate
        </h2>
        {links.length > 0 && links.length < MAX_LINKS ? (
          <Button
            icon={<PlusOutlined aria-hidden />}
            loading={actions.addLink.isPending}
            onClick={() => void addLink()}
          >
            Another Link
          </Button>
        ) : null}
      </div>
      <p className={styles.intro}>
        Membership comes by invitation. Share your personal link with someone you would like beside you, or let us write
        to them in your name. Whom you nominate stays between you and the club.
      </p>

      {nominations.isPending ? (
        <Spin />
      ) : nominations.isError ? (
        <div role="alert">
          <p className={styles.empty}>We could not open your nominations: {readable(nominations.error)}</p>
          <Button type="link" size="small" onClick={() => void nominations.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <h3 className={styles.subTitle} id="nominate-links">
            {links.length === 1 ? 'Your Personal Link' : 'Your Personal Links'}
          </h3>
          <ul className={styles.list} aria-labelledby="nominate-links">
            {links.map((link) => (
              <li key={link.code} className={styles.row}>
                <div className={styles.rowMain}>
                  <p className={styles.link} data-testid="nomination-link">
                    {link.url}
                  </p>
                  <p className={styles.rowMeta}>Made {formatDate(link.createdAt)}</p>
                </div>
                <div className={styles.rowActions}>
                  <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copyLink(link)}>
                    Copy
                  </Button>
                  <Button
                    size="small"
                    onClick={() => retire(link)}
                    aria-label={`Retire the link made ${formatDate(link.createdAt)}`}
                  >
                    Retire
                  </Button>
                </div>
              </li>
            ))}
          </ul>

          <h3 className={styles.subTitle} id="nominate-email">
            Nominate by Email
          </h3>
          <Form<Letter>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => void send(values)}
            onValuesChange={() => setFormError(null)}
            className={styles.form}
            aria-labelledby="nominate-email"
          >
            <Form.Item
              label="Their Name"
              name="name"
              rules={[
                { required: true, whitespace: true, message: 'Please give the name of the person you nominate' },
                { max: 120, message: 'Please keep the name under 120 characters' },
              ]}
            >
              <Input autoComplete="off" maxLength={120} />
            </Form.Item>
            <Form.Item
              label="Their Email"
              name="email"
              rules={[
                { required: true, message: 'Please enter a valid email address' },
                { type: 'email', message: 'Please enter a valid email address' },
              ]}
            >
              <Input type="email" autoComplete="off" inputMode="email" maxLength={254} />
            </Form.Item>
            <div className={styles.formActions}>
              <p className={styles.formNote}>
                We write once, from the club, with your name and your link. We never write to anyone who has asked us
                not to.
              </p>
              <Button type="primary" htmlType="submit" loading={actions.nominate.isPending}>
                Send Our Letter
              </Button>
            </div>
          </Form>
          {formError ? <Alert type="error" showIcon title={formError} className={styles.formAlert} /> : null}

          <h3 className={styles.subTitle} id="nominate-people">
            Your Nominations
          </h3>
          {data && data.sent.length > 0 ? (
            <ul className={styles.list} aria-labelledby="nominate-people">
              {data.sent.map((person) => (
                <li key={person.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <p className={styles.rowTitle}>
                      {person.name}
                      {person.signedUp ? (
                        <Tag color="gold" className={styles.status}>
                          Requested a Place
                        </Tag>
                      ) : null}
                    </p>
                    <p className={styles.rowMeta}>
                      <EmailText email={person.email} /> · Written to {formatDate(person.sentAt)}
                      {person.signedUp ? null : ' · Not yet'}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>No letters yet. Those you nominate by email will appear here.</p>
          )}
          {data && data.throughLinks > 0 ? (
            <p className={styles.through}>
              {data.throughLinks === 1
                ? 'One person has requested a place through your link.'
                : `${data.throughLinks} people have requested a place through your links.`}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
