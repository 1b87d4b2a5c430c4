import { useEffect, type ReactNode } from 'react';
import { useBrand } from '../../../app/config';
import { trackedThisVisit, trackOncePerVisit } from '../../../lib/analytics';
import { scrollToSection } from '../../../lib/motion';
import { AccessSection } from './access-section';
import { ConfettiEasterEgg } from './confetti-easter-egg';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { HydrateWhenSeen } from './hydrate-when-seen';
import { PartnersSection } from './partners-section';
import { PrivacyPledge } from './privacy-pledge';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TiersSection } from './tiers-section';

/** Spec, section 9: the scroll event fires once per visit (browser session) past 75% of the page height. */
const SCROLL_DEPTH = 0.75;

/** The public landing page (/). The waitlist form is passed in, so this feature does not own it. */
export function LandingPage({ accessForm }: { accessForm: ReactNode }) {
  const brand = useBrand();
  useScrollDepthEvent();
  useScrollToHashOnArrival();

  useEffect(() => {
    document.title = `${brand} · A Private Members' Club`;
  }, [brand]);

  return (
    <>
      <a href="#main" className="mf-skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Hero />
        {/* What lies below the fold is hydrated as it comes into view, or when the browser is idle;
            the waitlist's section is hydrated with the hero, so that it takes input at once. */}
        <HydrateWhenSeen anchor="features" part={FeaturesSection} />
        <HydrateWhenSeen anchor="tiers" part={TiersSection} />
        <HydrateWhenSeen anchor="how-it-works" part={HowItWorks} />
        <HydrateWhenSeen anchor="privacy" part={PrivacyPledge} />
        <AccessSection form={accessForm} />
        <HydrateWhenSeen anchor="partners" part={PartnersSection} />
      </main>
      <HydrateWhenSeen anchor="partners" part={SiteFooter} />
      <ConfettiEasterEgg />
    </>
  );
}

function useScrollDepthEvent() {
  useEffect(() => {
    if (trackedThisVisit('scroll_75')) return;
    const onScroll = () => {
      const { scrollHeight } = document.documentElement;
      if (scrollHeight > 0 && (window.scrollY + window.innerHeight) / scrollHeight >= SCROLL_DEPTH) {
        window.removeEventListener('scroll', onScroll);
        trackOncePerVisit('scroll_75');
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // The prerendered page can be scrolled before its script takes it over: count where it is now.
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}

/** Arriving at /#access (or any section) lands on that section, clear of the fixed header. */
function useScrollToHashOnArrival() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    let cancelled = false;
    const frame = requestAnimationFrame(() => scrollToSection(id));
    // Web fonts change line heights as they arrive; land again once they have.
    void document.fonts?.ready.then(() => {
      if (!cancelled) scrollToSection(id);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, []);
}
