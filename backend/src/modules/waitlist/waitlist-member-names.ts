import { Injectable } from '@nestjs/common';

/** Names members by id (the members module answers: the waitlist cannot read it). */
export type MemberNamer = (memberIds: string[]) => Promise<Map<string, string>>;

/**
 * The names the admin list shows in its 'Nominated by' column and filter. The members module
 * depends on the waitlist, so it registers its answer here at boot (MembersWaitlistLinks).
 */
@Injectable()
export class WaitlistMemberNames {
  private namer?: MemberNamer;

  use(namer: MemberNamer): void {
    this.namer = namer;
  }

  /** Each id's name; an id the members module does not know (or no members module) has none. */
  async names(memberIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0 || !this.namer) return new Map();
    return this.namer(ids);
  }
}
