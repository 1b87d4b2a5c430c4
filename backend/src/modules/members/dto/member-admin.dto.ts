import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MEMBER_STATUSES, MEMBER_TIERS, type MemberStatus, type MemberTier } from '../member.entity';
import { trimmedOrAbsent } from '../../../common/trimmed';

/** The Members tab's list: search text (name, email or phone), status, tier and the page. */
export class ListMembersQuery extends PageQueryDto {
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  search?: string;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn([...MEMBER_STATUSES], { message: 'Status must be offered, active or suspended' })
  status?: MemberStatus;

  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn([...MEMBER_TIERS], { message: 'Tier must be nomad, voyager, patron or black' })
  tier?: MemberTier;
}

/** A member's tier, or their suspension (and its lifting). */
export class UpdateMemberDto {
  @IsOptional()
  @IsIn([...MEMBER_TIERS], { message: 'Choose a tier: Nomad, Voyager, Patron or Black' })
  tier?: MemberTier;

  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'Status must be active or suspended' })
  status?: 'active' | 'suspended';
}
