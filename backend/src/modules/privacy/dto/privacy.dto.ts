import { IsBoolean, IsString, MaxLength } from 'class-validator';

/** The signed link's token, as the pages send it (query or body). */
export class PrivacyTokenQueryDto {
  @MaxLength(400, {
    message: 'This link is not one of ours. Please use the link from the email exactly as it arrived.',
  })
  @IsString({ message: 'This link is not one of ours. Please use the link from the email exactly as it arrived.' })
  token: string;
}

/** What a person receives, one choice per kind of email. */
export class MailChoicesDto {
  @IsBoolean({ message: 'Please say yes or no to club news and updates' })
  updates: boolean;

  @IsBoolean({ message: 'Please say yes or no to invitations to events' })
  eventInvitations: boolean;

  @IsBoolean({ message: 'Please say yes or no to the digest of your concierge’s replies' })
  digests: boolean;
}

/** The preference page's Save: the link's token and the three choices. */
export class EmailPreferencesDto extends MailChoicesDto {
  @MaxLength(400, {
    message: 'This link is not one of ours. Please use the link from the email exactly as it arrived.',
  })
  @IsString({ message: 'This link is not one of ours. Please use the link from the email exactly as it arrived.' })
  token: string;
}
