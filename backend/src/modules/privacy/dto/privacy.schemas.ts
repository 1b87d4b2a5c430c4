import { schema, t } from '../../../common/api-schema';
import { MAIL_CATEGORIES } from '../../../platform/mail/mail-consent';

/** The answers of the privacy routes, named once for the OpenAPI document. */

export const MAIL_CHOICES = schema(
  'MailChoices',
  t.object({
    updates: { ...t.boolean(), description: 'Club news and updates (the welcome email among them).' },
    eventInvitations: { ...t.boolean(), description: 'Invitations to events.' },
    digests: { ...t.boolean(), description: 'Emails gathering the concierge’s replies while the member was away.' },
  }),
);

export const EMAIL_PREFERENCES = schema(
  'EmailPreferences',
  t.object({
    category: { ...t.oneOf(MAIL_CATEGORIES), description: 'The kind of email the link came with.' },
    choices: MAIL_CHOICES,
  }),
);
