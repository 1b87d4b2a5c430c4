import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

// Its own small chunk, fetched after the page's: the widget itself loads only when it is opened.
const ConciergeLauncher = lazy(() =>
  import('../features/concierge/widget/concierge-launcher').then((m) => ({ default: m.ConciergeLauncher })),
);

/**
 * No widget on the concierge's own screens, the admin, nor a guest's invitation pages
 * (/invitations/* as the spec says, and /invitation/{code}, a guest's personal invitation too).
 */
const WITHOUT_WIDGET = /^\/(concierge|concierge-auth|modern-concierge|simple-concierge|admin|invitations?)(\/|$)/;

const noSubscription = () => () => undefined;

/**
 * The floating concierge's launcher, on every other page. Never in prerendered HTML: a button
 * shown before the page's script has taken over would swallow a visitor's click, so it appears
 * once it works (false on the server and while hydrating, true after).
 */
export function ConciergeWidgetSlot() {
  const { pathname } = useLocation();
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!interactive || WITHOUT_WIDGET.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <ConciergeLauncher />
    </Suspense>
  );
}
