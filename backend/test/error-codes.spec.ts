import request from 'supertest';
import { AppError } from '../src/common/app-error';
import { ERROR_CODE_LIST } from '../src/common/error-codes';
import { buildOpenApiDocument } from '../src/openapi';
import { useLaunchPartyApp } from './support/launch-party-app';
import type { TestApp } from './support/test-app';
import { admin, createEvent, createInvitation, rsvp } from './support/launch-party-fixtures';

/** Issue 28, section 3: every refusal carries a stable code beside its readable message. */
describe('Error codes', () => {
  let t: TestApp;
  const app = useLaunchPartyApp();
  beforeAll(() => ({ t } = app));

  it('gives each kind of refusal its default code, and input refused field by field VALIDATION_FAILED', () => {
    expect(AppError.notFound('Event not found').code).toBe('NOT_FOUND');
    expect(AppError.conflict('Taken').code).toBe('CONFLICT');
    expect(AppError.badRequest('Bad').code).toBe('BAD_REQUEST');
    expect(AppError.badRequest('Email is required', { email: 'Email is required' }).code).toBe('VALIDATION_FAILED');
    expect(AppError.tooManyRequests('Slow down', 5).code).toBe('TOO_MANY_REQUESTS');
    expect(AppError.paymentRequired('Your card was declined.', 'card_declined')).toMatchObject({
      code: 'PAYMENT_DECLINED',
      declineCode: 'card_declined',
    });
  });

  it('lists every code in the contract', () => {
    const document = buildOpenApiDocument(t.app);
    const errorBody = document.components?.schemas?.ErrorBody as {
      properties: { code: { enum: string[] } };
      required: string[];
    };
    expect(errorBody.properties.code.enum).toEqual(ERROR_CODE_LIST);
    expect(errorBody.required).toContain('code');
  });

  it("answers Nest's and the body parser's refusals with a code too", async () => {
    await request(t.http)
      .get('/api/no-such-route')
      .expect(404, { success: false, error: 'Not found.', code: 'NOT_FOUND' });
    await request(t.http)
      .post('/api/waitlist')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400, { success: false, error: 'Malformed JSON in request body.', code: 'MALFORMED_JSON' });
    const invalid = await request(t.http).post('/api/waitlist').send({}).expect(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('answers the refusals a client acts on with their specific codes', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const first = await createInvitation(t, event.id);
    await rsvp(t, first.invitationCode, { status: 'attending', guestCount: 1 }).expect(200);
    const second = await createInvitation(t, event.id, { recipientEmail: 'cary@example.com' });
    const full = await rsvp(t, second.invitationCode, { status: 'attending', guestCount: 1 }).expect(409);
    expect(full.body).toEqual({ success: false, error: 'This event is at capacity', code: 'EVENT_AT_CAPACITY' });

    const attended = await admin(t).delete(`/events/${event.id}`).expect(409);
    expect(attended.body.code).toBe('EVENT_HAS_GUESTS');

    const ended = await request(t.http).post('/api/chat/title').send({ message: 'Hello' }).expect(401);
    expect(ended.body).toMatchObject({ success: false, code: 'SESSION_ENDED' });
  });
});
