import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MEMBER_STATUSES, MEMBER_TIERS, type MemberStatus, type MemberTier } from '../member.entity';

const trimmed = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** The Members tab's list: search text (name, email or phone), status, tier and the page. */
export class ListMembersQuery extends PageQueryDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(200, { message: 'Search text is too long' })
  @IsString({ message: 'Search text must be text' })
  search?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsIn([...MEMBER_STATUSES], { message: 'Status must be offered, active or suspended' })
  status?: MemberStatus;

  @IsOptional()
  @Transform(trimmed)
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
