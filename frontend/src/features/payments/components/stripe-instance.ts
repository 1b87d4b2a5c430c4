// The 'pure' entry loads Stripe.js only when asked (not as a side effect of importing it).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key (the key comes from the server, never from the build). */
export function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripes.has(key))
    stripes.set(
      key,
      loadStripe(key).catch(() => null),
    );
  return stripes.get(key)!;
}
