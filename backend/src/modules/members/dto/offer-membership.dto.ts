import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import { WaitlistFilterDto } from '../../waitlist';
import { MEMBER_TIERS, type MemberTier } from '../member.entity';

export const MAX_CHOSEN_ROWS = 1000;

const TIER_MESSAGE = 'Choose a tier: Nomad, Voyager, Patron or Black';

/**
 * 'Offer Membership' from the Waitlist tab: the chosen rows (`entryIds`), or every row matching the
 * search and filters (`allMatching`), with the tier offered.
 */
export class OfferMembershipDto extends WaitlistFilterDto {
  @IsIn([...MEMBER_TIERS], { message: TIER_MESSAGE })
  tier: MemberTier;

  @IsOptional()
  @IsUUID('all', { each: true, message: 'Choose waitlist entries from the list' })
  @ArrayMaxSize(MAX_CHOSEN_ROWS, {
    message: `Choose at most ${MAX_CHOSEN_ROWS} rows, or offer membership to every row matching the filter`,
  })
  @IsArray({ message: 'Choose waitlist entries from the list' })
  entryIds?: string[];

  @IsOptional()
  @IsBoolean({ message: 'Choose whether to offer membership to every entry matching the filter (true or false)' })
  allMatching?: boolean;
}
