import { Injectable, OnModuleInit } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import { WaitlistRetention } from '../waitlist';

/**
 * Tells the waitlist's clean-up of unconfirmed sign-ups to keep an entry whose address was
 * invited to an event (invitations are matched to entries by address), however old it is.
 */
@Injectable()
export class InvitationsWaitlistAttachments implements OnModuleInit {
  constructor(private readonly retention: WaitlistRetention) {}

  onModuleInit(): void {
    this.retention.keepWhile('invitations', async (em, entries) => {
      if (entries.length === 0) return new Set();
      const rows = await em.execute<Array<{ email: string }>>(
        `select distinct lower(recipient_email) as email from invitations where lower(recipient_email) = any(?::text[])`,
        [pgTextArray(entries.map((entry) => entry.email.toLowerCase()))],
      );
      const invited = new Set(rows.map((row) => row.email));
      return new Set(entries.filter((entry) => invited.has(entry.email.toLowerCase())).map((entry) => entry.id));
    });
  }
}
