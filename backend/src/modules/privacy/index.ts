/**
 * What other modules may use of privacy: the consent ledger's service (record rows in your
 * transaction, the subject key, a person's rows for an export, their mail choices), the SQL
 * fragment a one-statement sign-up writes its ledger rows with, and the consent vocabulary.
 * The tables, tokens and routes are its own.
 */
export { PrivacyModule } from './privacy.module';
export { ConsentService, subjectKeyOf } from './consent.service';
export { consentInsertSql, WAITLIST_SIGN_UP_CONSENT, WAITLIST_CONFIRM_CONSENT } from './consent-sql';
export { CONSENT_PURPOSES, wordingHash } from './consent-vocabulary';
export { MailChoicesDto } from './dto/privacy.dto';
export { MAIL_CHOICES } from './dto/privacy.schemas';
