import { withoutSecrets } from './secret-paths';

describe('withoutSecrets', () => {
  it.each([
    ['/invitation/AbC123', '/invitation/:secret'],
    ['/invitations/AbC123/payment/42', '/invitations/:secret/payment/42'],
    ['/invitations/AbC123/thank-you', '/invitations/:secret/thank-you'],
    ['/membership/tok', '/membership/:secret'],
    ['/members/sign-in/tok', '/members/sign-in/:secret'],
    ['/waitlist/confirm/tok', '/waitlist/confirm/:secret'],
    ['/unsubscribe/tok', '/unsubscribe/:secret'],
    ['/email-preferences/tok', '/email-preferences/:secret'],
    ['/your-data/tok', '/your-data/:secret'],
    ['/your-data/download/tok', '/your-data/download/:secret'],
    ['/your-data', '/your-data'],
    ['/', '/'],
    ['/vendor-apply', '/vendor-apply'],
  ])('stores %s as %s', (path, stored) => {
    expect(withoutSecrets(path)).toBe(stored);
  });
});
