/** Static marketing content: the spec's membership tier table, word for word. */
export interface MembershipTier {
  name: string;
  badge: string;
  features: string[];
  status: string;
}

export const MEMBERSHIP_TIERS: MembershipTier[] = [
  {
    name: 'Nomad',
    badge: 'Entry Level',
    features: ['10 flight hours annually', '5 property nights', 'basic concierge service'],
    status: 'By invitation',
  },
  {
    name: 'Voyager',
    badge: 'Popular',
    features: ['25 flight hours annually', '15 property nights', 'premium concierge service'],
    status: 'By invitation',
  },
  {
    name: 'Patron',
    badge: 'Premium',
    features: ['50 flight hours annually', '30 property nights', 'dedicated luxury concierge'],
    status: 'Referral required',
  },
  {
    name: 'Black',
    badge: 'Exclusive',
    features: ['unlimited flight hours', 'unlimited property access', 'bespoke experiences'],
    status: 'Invitation only',
  },
];
