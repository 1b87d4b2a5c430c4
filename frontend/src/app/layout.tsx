import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MaintenanceGate } from '../features/maintenance/components/maintenance-gate';
import { track } from '../lib/analytics';
import { ConciergeWidgetSlot } from './concierge-widget-slot';

/** Shell around every page: scroll to top and a page_view on each route change, and the floating concierge. */
export function AppLayout() {
  const { pathname } = useLocation();

  // The page as loaded keeps its place: a visitor who scrolled the prerendered page before the
  // scripts took it over (a phone on a slow connection), or a reload the browser restored, is not
  // sent back to the top.
  const loaded = useRef(true);
  // Keyed on the path only: a hash change within a page is not a route change.
  useEffect(() => {
    // A hash link (e.g. /#access) is scrolled into place by the page that owns the anchor.
    if (!loaded.current && !window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    loaded.current = false;
    // The address's query (utm_*, ref) and the referring page let the server count the visit by
    // campaign; it keeps neither (only their fields and the referrer's host, for public pages).
    track('page_view', { path: pathname, search: window.location.search, referrer: document.referrer });
  }, [pathname]);

  return (
    <MaintenanceGate>
      <Outlet />
      <ConciergeWidgetSlot />
    </MaintenanceGate>
  );
}

/** Shown while a page's chunk loads: the page colour, no spinner flash. */
export function PageFallback() {
  return <div aria-busy="true" style={{ minHeight: '100vh', background: 'var(--mf-ink)' }} />;
}
