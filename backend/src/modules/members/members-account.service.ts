import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import type { MemberStatus, MemberTier } from './member.entity';
import { MemberPasskeysService } from './member-passkeys.service';
import { iso, type MemberSelf } from './member-views';

/** 'Your Account': what a signed-in member sees of themself. */
@Injectable()
export class MembersAccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly passkeys: MemberPasskeysService,
  ) {}

  async self(memberId: string): Promise<MemberSelf> {
    const [[member], passkeys] = await Promise.all([
      this.em.getConnection().execute<
        Array<{
          id: string;
          name: string;
          email: string;
          phone: string | null;
          tier: MemberTier;
          status: MemberStatus;
          joined_at: Date | null;
        }>
      >(`select id, name, email, phone, tier, status, joined_at from members where id = ?`, [memberId]),
      this.passkeys.list(memberId),
    ]);
    if (!member) throw AppError.unauthorized('Please sign in.', undefined, 'MEMBER_SIGNED_OUT');
    return {
      id: member.id,
      name: member.name,
      email: member.email,
      phone: member.phone,
      tier: member.tier,
      status: member.status,
      joinedAt: iso(member.joined_at),
      passkeys,
    };
  }
}
