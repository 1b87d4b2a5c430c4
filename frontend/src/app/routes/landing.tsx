import { LandingPage } from '../../features/landing/components/landing-page';
import { WaitlistForm } from '../../features/waitlist/components/waitlist-form';

export function LandingRoute() {
  return <LandingPage accessForm={<WaitlistForm />} />;
}
