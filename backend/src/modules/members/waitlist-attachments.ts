import { Injectable, OnModuleInit } from '@nestjs/common';
import { pgTextArray } from '../../common/pg-array';
import { WaitlistMemberNames, WaitlistRetention } from '../waitlist';
import { MembersService } from './members.service';

/**
 * What the waitlist needs to know of members and cannot read itself (members depend on it):
 * - its clean-up of unconfirmed sign-ups keeps an entry a member came from (members.waitlist_entry_id);
 * - its admin list names the member in 'Nominated by'.
 */
@Injectable()
export class MembersWaitlistLinks implements OnModuleInit {
  constructor(
    private readonly retention: WaitlistRetention,
    private readonly names: WaitlistMemberNames,
    private readonly members: MembersService,
  ) {}

  onModuleInit(): void {
    this.retention.keepWhile('members', async (em, entries) => {
      if (entries.length === 0) return new Set();
      const rows = await em.execute<Array<{ id: string }>>(
        `select distinct waitlist_entry_id as id from members where waitlist_entry_id = any(?::uuid[])`,
        [pgTextArray(entries.map((entry) => entry.id))],
      );
      return new Set(rows.map((row) => row.id));
    });
    this.names.use(async (memberIds) => {
      const described = await this.members.describe(memberIds);
      return new Map([...described].map(([id, member]) => [id, member.name]));
    });
  }
}
