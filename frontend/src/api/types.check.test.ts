import { expectTypeOf } from 'vitest';
import type { ApiAnswer, ApiSchema } from './types';

describe('the generated contract types', () => {
  it('give each route its answer, not never', () => {
    expectTypeOf<ApiAnswer<'/api/places/search', 'get'>['data']['predictions']>().toEqualTypeOf<
      ApiSchema<'PlacePrediction'>[]
    >();
    expectTypeOf<ApiAnswer<'/api/invitations/{code}', 'get'>['data']>().toEqualTypeOf<ApiSchema<'InvitationView'>>();
    expectTypeOf<ApiAnswer<'/api/invitations/{code}/rsvp', 'post'>['data']['next']>().toEqualTypeOf<
      'payment' | 'thank-you'
    >();
    expectTypeOf<
      ApiAnswer<'/api/rsvp/{rsvpId}/payment', 'get'>['data']['payment']
    >().toEqualTypeOf<ApiSchema<'GuestPayment'> | null>();
  });
});
