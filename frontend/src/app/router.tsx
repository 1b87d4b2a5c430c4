import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { replayEarlyInput } from './early-input';
import { AppLayout, PageFallback } from './layout';
// The landing page is in the entry itself, not a chunk of its own: its prerendered HTML must come
// alive with the entry's script, or a visitor's first click on it is lost while a chunk loads.
import { LandingRoute as Landing } from './routes/landing';

/**
 * Every page but the landing page is its own chunk: the landing page must not download the admin or chat stacks, nor
 * Ant Design. The routes are React Router's declarative ones (<Routes>), not its data router: the
 * landing page needs no loaders, and the data router's code alone was about a tenth of the landing
 * page's first load (src/testing/bundle-budget.test.ts keeps that under 100 KB compressed).
 *
 * To add a page, add a `page(...)` import below and a <Route> inside the Ant Design layout (or beside
 * the landing page for a page without Ant Design). A file in app/routes/ composes features for one
 * screen; it exports its component by name.
 *
 * Every route of the spec's route map is here. Scroll-to-top, the page_view on each route change and
 * the floating concierge's launcher live in AppLayout.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: { default: ComponentType } | undefined;
  const preload = () => load().then((m) => (loaded = { default: m[name] }));
  // A page already loaded is handed over at once (a thenable that answers synchronously), so React
  // renders it without suspending: a prerendered page is then hydrated in one pass (preloadPage).
  const given = (module: { default: ComponentType }) =>
    ({ then: (resolve: (value: typeof module) => void) => resolve(module) }) as unknown as Promise<typeof module>;
  return Object.assign(
    lazy(() => (loaded ? given(loaded) : preload())),
    { preload },
  );
}

const NotFound = page(() => import('./routes/not-found'), 'NotFoundRoute');
/** The layout of every page built with Ant Design: it brings Ant Design's providers. */
const AntdLayout = page(() => import('./antd-layout'), 'AntdLayout');
const Admin = page(() => import('./routes/admin'), 'AdminRoute');
const CheckIn = page(() => import('./routes/check-in'), 'CheckInRoute');
const Concierge = page(() => import('./routes/concierge'), 'ConciergeRoute');
const ConciergeAuth = page(() => import('./routes/concierge-auth'), 'ConciergeAuthRoute');
const ConciergeAccount = page(() => import('./routes/concierge-account'), 'ConciergeAccountRoute');
const Membership = page(() => import('./routes/membership'), 'MembershipRoute');
const MemberSignIn = page(() => import('./routes/member-sign-in'), 'MemberSignInRoute');
const SimpleConcierge = page(() => import('./routes/simple-concierge'), 'SimpleConciergeRoute');
const ModernConcierge = page(() => import('./routes/modern-concierge'), 'ModernConciergeRoute');
const InvitationPayment = page(() => import('./routes/invitation-payment'), 'InvitationPaymentRoute');
const Invitation = page(() => import('./routes/invitation'), 'InvitationRoute');
const ThankYou = page(() => import('./routes/thank-you'), 'ThankYouRoute');
const VendorApply = page(() => import('./routes/vendor-apply'), 'VendorApplyRoute');
const Unsubscribe = page(() => import('./routes/unsubscribe'), 'UnsubscribeRoute');
const EmailPreferences = page(() => import('./routes/email-preferences'), 'EmailPreferencesRoute');
const YourData = page(() => import('./routes/your-data'), 'YourDataRoute');
const YourDataLink = page(() => import('./routes/your-data'), 'YourDataLinkRoute');
const YourDataDownload = page(() => import('./routes/your-data'), 'YourDataDownloadRoute');
const WaitlistConfirm = page(() => import('./routes/waitlist-confirm'), 'WaitlistConfirmRoute');

/**
 * Loads the chunks of a page the api sends prerendered (serve-frontend.ts), so that main.tsx
 * hydrates it whole, in one pass: no part of it waits for its code after React has taken it over,
 * when a tap on it would be lost.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  if (pathname === '/vendor-apply' || pathname === '/vendor-onboarding') {
    return Promise.all([AntdLayout.preload(), VendorApply.preload()]);
  }
  if (/^\/invitation\/[^/]+$/.test(pathname)) return Promise.all([AntdLayout.preload(), Invitation.preload()]);
  if (/^\/invitations\/[^/]+\/thank-you$/.test(pathname)) {
    return Promise.all([AntdLayout.preload(), ThankYou.preload()]);
  }
  if (/^\/invitations\/[^/]+\/payment\/[^/]+$/.test(pathname)) {
    return Promise.all([AntdLayout.preload(), InvitationPayment.preload()]);
  }
  return Promise.resolve();
}

/**
 * Around a page the api prerenders, once React has taken it over: what the visitor typed or ticked
 * before is given to React (early-input.ts), then public/start-after-paint.js is told, and sends
 * again a form sent before. Not in the first commit's effects: there the page's own effects ask for
 * renders still to come (Ant Design's checkboxes register with their group so, and a group drops
 * a ticked value it does not know). This component's own update, asked for in the same effects
 * after theirs, is rendered with them, so its effect runs once the page has learnt what it asked.
 */
function Hydrated({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(false);
  // The one render this asks for is the point: it comes with the renders the page's effects asked for.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setSettled(true), []);
  useEffect(() => {
    if (!settled) return;
    replayEarlyInput();
    document.dispatchEvent(new Event('mf:hydrated'));
  }, [settled]);
  return children;
}

/** A page's chunk loading: the page colour, no spinner flash. */
function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AppLayout />}>
        <Route
          index
          element={
            <Hydrated>
              <Landing />
            </Hydrated>
          }
        />
        <Route
          element={
            <Loading>
              <AntdLayout />
            </Loading>
          }
        >
          <Route path="/admin" element={<Admin />} />
          <Route path="/admin/check-in" element={<CheckIn />} />
          <Route path="/concierge" element={<Concierge />} />
          <Route path="/concierge-auth" element={<ConciergeAuth />} />
          <Route path="/concierge/account" element={<ConciergeAccount />} />
          <Route path="/membership/:token" element={<Membership />} />
          <Route path="/members/sign-in/:token" element={<MemberSignIn />} />
          <Route path="/unsubscribe/:token" element={<Unsubscribe />} />
          <Route path="/email-preferences/:token" element={<EmailPreferences />} />
          <Route path="/your-data" element={<YourData />} />
          <Route path="/your-data/:token" element={<YourDataLink />} />
          <Route path="/your-data/download/:token" element={<YourDataDownload />} />
          <Route path="/waitlist/confirm/:token" element={<WaitlistConfirm />} />
          <Route path="/simple-concierge" element={<SimpleConcierge />} />
          <Route path="/modern-concierge" element={<ModernConcierge />} />
          <Route
            path="/invitations/:code/payment/:rsvpId"
            element={
              <Hydrated>
                <InvitationPayment />
              </Hydrated>
            }
          />
          <Route
            path="/invitation/:code"
            element={
              <Hydrated>
                <Invitation />
              </Hydrated>
            }
          />
          <Route
            path="/invitations/:code/thank-you"
            element={
              <Hydrated>
                <ThankYou />
              </Hydrated>
            }
          />
          <Route
            path="/vendor-apply"
            element={
              <Hydrated>
                <VendorApply />
              </Hydrated>
            }
          />
          <Route
            path="/vendor-onboarding"
            element={
              <Hydrated>
                <VendorApply />
              </Hydrated>
            }
          />
        </Route>
        {/* Keep last: any path not matched above. */}
        <Route
          path="*"
          element={
            <Loading>
              <NotFound />
            </Loading>
          }
        />
      </Route>
    </Routes>
  );
}
