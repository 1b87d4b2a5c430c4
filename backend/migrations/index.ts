import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Foundation } from './Migration20261122000000Foundation';
import { Migration20261122010000Admin } from './Migration20261122010000Admin';
import { Migration20261122030000UserRequests } from './Migration20261122030000UserRequests';
import { Migration20261122020000Vendors } from './Migration20261122020000Vendors';
import { Migration20261122040000LaunchParty } from './Migration20261122040000LaunchParty';
import { Migration20261122050000Payments } from './Migration20261122050000Payments';
import { Migration20261122080000UserRequestLifecycle } from './Migration20261122080000UserRequestLifecycle';
import { Migration20261122090000LaunchPartyMoney } from './Migration20261122090000LaunchPartyMoney';
import { Migration20261122100000OutboxJobId } from './Migration20261122100000OutboxJobId';
import { Migration20261125010000FinancialRecordsKept } from './Migration20261125010000FinancialRecordsKept';
import { Migration20261125030000ConciergeThreads } from './Migration20261125030000ConciergeThreads';
import { Migration20261125040000WaitlistInvitesAndCheckIn } from './Migration20261125040000WaitlistInvitesAndCheckIn';
import { Migration20261126010000ConciergeRequests } from './Migration20261126010000ConciergeRequests';
import { Migration20261126020000EventRsvpDeadlineAndReminders } from './Migration20261126020000EventRsvpDeadlineAndReminders';
import { Migration20261126030000WaitingList } from './Migration20261126030000WaitingList';
import { Migration20261126040000StaffNotices } from './Migration20261126040000StaffNotices';
import { Migration20261127010000EventTimeZone } from './Migration20261127010000EventTimeZone';
import { Migration20261127050000UserRequestMerges } from './Migration20261127050000UserRequestMerges';
import { Migration20261127100000StaffAccounts } from './Migration20261127100000StaffAccounts';
import { Migration20261127110000AuditLog } from './Migration20261127110000AuditLog';
import { Migration20261127120000Members } from './Migration20261127120000Members';
import { Migration20261127200000MemberPreferences } from './Migration20261127200000MemberPreferences';
import { Migration20261127210000ReplySteps } from './Migration20261127210000ReplySteps';
import { Migration20261127220000Bookings } from './Migration20261127220000Bookings';
import { Migration20261127230000MemberNotices } from './Migration20261127230000MemberNotices';
import { Migration20261128010000ConsentLedger } from './Migration20261128010000ConsentLedger';
import { Migration20261128020000WaitlistConfirmation } from './Migration20261128020000WaitlistConfirmation';
import { Migration20261128030000DataRequests } from './Migration20261128030000DataRequests';
import { Migration20261128040000Nominations } from './Migration20261128040000Nominations';
import { Migration20261128050000Insights } from './Migration20261128050000Insights';
import { Migration20261129010000InsightsMonths } from './Migration20261129010000InsightsMonths';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Foundation', class: Migration20261122000000Foundation },
  { name: 'Migration20261122010000Admin', class: Migration20261122010000Admin },
  { name: 'Migration20261122020000Vendors', class: Migration20261122020000Vendors },
  { name: 'Migration20261122040000LaunchParty', class: Migration20261122040000LaunchParty },
  { name: 'Migration20261122050000Payments', class: Migration20261122050000Payments },
  { name: 'Migration20261122030000UserRequests', class: Migration20261122030000UserRequests },
  { name: 'Migration20261122080000UserRequestLifecycle', class: Migration20261122080000UserRequestLifecycle },
  { name: 'Migration20261122090000LaunchPartyMoney', class: Migration20261122090000LaunchPartyMoney },
  { name: 'Migration20261122100000OutboxJobId', class: Migration20261122100000OutboxJobId },
  { name: 'Migration20261125010000FinancialRecordsKept', class: Migration20261125010000FinancialRecordsKept },
  { name: 'Migration20261125030000ConciergeThreads', class: Migration20261125030000ConciergeThreads },
  { name: 'Migration20261125040000WaitlistInvitesAndCheckIn', class: Migration20261125040000WaitlistInvitesAndCheckIn },
  { name: 'Migration20261126010000ConciergeRequests', class: Migration20261126010000ConciergeRequests },
  {
    name: 'Migration20261126020000EventRsvpDeadlineAndReminders',
    class: Migration20261126020000EventRsvpDeadlineAndReminders,
  },
  { name: 'Migration20261126030000WaitingList', class: Migration20261126030000WaitingList },
  { name: 'Migration20261126040000StaffNotices', class: Migration20261126040000StaffNotices },
  { name: 'Migration20261127010000EventTimeZone', class: Migration20261127010000EventTimeZone },
  { name: 'Migration20261127050000UserRequestMerges', class: Migration20261127050000UserRequestMerges },
  { name: 'Migration20261127100000StaffAccounts', class: Migration20261127100000StaffAccounts },
  { name: 'Migration20261127110000AuditLog', class: Migration20261127110000AuditLog },
  { name: 'Migration20261127120000Members', class: Migration20261127120000Members },
  { name: 'Migration20261127200000MemberPreferences', class: Migration20261127200000MemberPreferences },
  { name: 'Migration20261127210000ReplySteps', class: Migration20261127210000ReplySteps },
  { name: 'Migration20261127220000Bookings', class: Migration20261127220000Bookings },
  { name: 'Migration20261127230000MemberNotices', class: Migration20261127230000MemberNotices },
  { name: 'Migration20261128010000ConsentLedger', class: Migration20261128010000ConsentLedger },
  { name: 'Migration20261128020000WaitlistConfirmation', class: Migration20261128020000WaitlistConfirmation },
  { name: 'Migration20261128030000DataRequests', class: Migration20261128030000DataRequests },
  { name: 'Migration20261128040000Nominations', class: Migration20261128040000Nominations },
  { name: 'Migration20261128050000Insights', class: Migration20261128050000Insights },
  { name: 'Migration20261129010000InsightsMonths', class: Migration20261129010000InsightsMonths },
];
