import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout, PageFallback } from './layout';

/**
 * Every page is its own chunk: the landing page must not download the admin or chat stacks.
 *
 * To add a page, add one entry to `pageRoutes`:
 *   { path: '/admin', lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
 * A file in app/routes/ composes features for one screen; it exports its component by name.
 *
 * Every route of the spec's route map is here. Scroll-to-top, the page_view on each route change and
 * the floating concierge's launcher live in AppLayout.
 */
const pageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
  },
  { path: '/admin', lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
  {
    path: '/admin/check-in',
    lazy: () => import('./routes/check-in').then((m) => ({ Component: m.CheckInRoute })),
  },
  { path: '/concierge', lazy: () => import('./routes/concierge').then((m) => ({ Component: m.ConciergeRoute })) },
  {
    path: '/concierge-auth',
    lazy: () => import('./routes/concierge-auth').then((m) => ({ Component: m.ConciergeAuthRoute })),
  },
  {
    path: '/simple-concierge',
    lazy: () => import('./routes/simple-concierge').then((m) => ({ Component: m.SimpleConciergeRoute })),
  },
  {
    path: '/modern-concierge',
    lazy: () => import('./routes/modern-concierge').then((m) => ({ Component: m.ModernConciergeRoute })),
  },
  {
    path: '/invitations/:code/payment/:rsvpId',
    lazy: () => import('./routes/invitation-payment').then((m) => ({ Component: m.InvitationPaymentRoute })),
  },
  {
    path: '/invitation/:code',
    lazy: () => import('./routes/invitation').then((m) => ({ Component: m.InvitationRoute })),
  },
  {
    path: '/invitations/:code/thank-you',
    lazy: () => import('./routes/thank-you').then((m) => ({ Component: m.ThankYouRoute })),
  },
  {
    path: '/vendor-apply',
    lazy: () => import('./routes/vendor-apply').then((m) => ({ Component: m.VendorApplyRoute })),
  },
  {
    path: '/vendor-onboarding',
    lazy: () => import('./routes/vendor-apply').then((m) => ({ Component: m.VendorApplyRoute })),
  },
  // Keep last: any path not matched above.
  {
    path: '*',
    lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: PageFallback,
    children: pageRoutes,
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
