import { useLaunchPartyApp, type LaunchPartyApp } from './launch-party-app';

export type TestGatewayApp = LaunchPartyApp;

/** The launch-party app (useLaunchPartyApp) paying through the built-in test gateway: no Stripe keys. */
export function useTestGatewayApp(): TestGatewayApp {
  return useLaunchPartyApp({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
}
