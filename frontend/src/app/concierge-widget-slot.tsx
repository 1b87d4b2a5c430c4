import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

// Its own small chunk, fetched after the page's: the widget itself loads only when it is opened.
const ConciergeLauncher = lazy(() =>
  import('../features/concierge/widget/concierge-launcher').then((m) => ({ default: m.ConciergeLauncher })),
);

/**
 * No widget on the concierge's own screens, the admin, a guest's invitation pages (/invitations/*
 * as the spec says, and /invitation/{code}, a guest's personal invitation too), nor a member's
 * set-up and sign-in pages (/membership/{token}, /members/sign-in/{token}).
 */
const WITHOUT_WIDGET =
  /^\/(concierge|concierge-auth|modern-concierge|simple-concierge|admin|invitations?|membership|members)(\/|$)/;

/**
 * The floating concierge's launcher, on every other page. Never in prerendered HTML: a button
 * shown before the page's script has taken over would swallow a visitor's click, so it appears
 * once it works (false on the server and while hydrating, true once hydrated).
 */
export function ConciergeWidgetSlot() {
  const { pathname } = useLocation();
  // Set after hydration has committed: a value that differed while hydrating (as a store read
  // would) makes React render the whole page again on the client, which cost the landing page's
  // first clicks.
  const [interactive, setInteractive] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after the first commit, on purpose
  useEffect(() => setInteractive(true), []);
  if (!interactive || WITHOUT_WIDGET.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <ConciergeLauncher />
    </Suspense>
  );
}
