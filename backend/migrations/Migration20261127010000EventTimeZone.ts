import { Migration } from '@mikro-orm/migrations';
import { loadEnvironment } from '../src/config/environment';

/**
 * Each event's venue time zone (an IANA name): its date, times and RSVP deadline are read on that
 * clock, where they were read as UTC before. The events already made take DEFAULT_EVENT_TIME_ZONE
 * as it is set where the migration runs (every process that migrates has loaded that setting);
 * a new event is always given its zone by the api, so the column keeps no default.
 */
export class Migration20261127010000EventTimeZone extends Migration {
  override async up(): Promise<void> {
    const zone = loadEnvironment().DEFAULT_EVENT_TIME_ZONE;
    this.addSql(`alter table events add column time_zone text null`);
    this.addSql(this.getKnex().raw(`update events set time_zone = ?`, [zone]));
    this.addSql(`alter table events alter column time_zone set not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table events drop column time_zone`);
  }
}
