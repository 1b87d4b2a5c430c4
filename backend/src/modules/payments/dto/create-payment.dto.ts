import { IsDefined, IsNumber, Min } from 'class-validator';

/** POST /api/rsvp/{rsvpId}/payment: the amount the page shows, in major units (checked, never trusted). */
export class CreatePaymentDto {
  // Decorators run bottom-up: the first failing rule below is the one reported.
  @Min(0, { message: 'Amount must be a positive number' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Amount must be a number' })
  @IsDefined({ message: 'Amount is required' })
  amount: number;
}
