import { lazy, Suspense, useEffect, useState } from 'react';
import useSWR from 'swr';
import { Route, Switch, useParams } from 'wouter';
import { PublicLayout } from './components/layout/public-layout';
import { PageLoader } from './components/layout/page';
import HomePage from './pages/home';
import NotFoundPage from './pages/not-found';
import { loadBookingPage, loadedBookingPage } from './public/booking-page-loader';
import { eventKey } from './public/event-key';
import { PublicRouteGuards } from './public/route-guards';

/*
 * Route table (spec section 2). The public entry stays small: only `/` and the 404 page are in the
 * main bundle; every other screen is a lazy chunk (React.lazy + dynamic import, which Vite turns into
 * separate files), so `/` loads no booking wizard, no dialogs and no validation schemas
 * (`npm run web -w bench` prints the JavaScript each route loads). Add a screen like AdminApp below.
 */
const CancelAppointmentPage = lazy(() => import('./pages/cancel-appointment'));
const BookingConfirmationPage = lazy(() => import('./pages/confirmation/confirmation-page'));
const PartnerLinkPage = lazy(() => import('./pages/partner-link'));
const AdminApp = lazy(() => import('./admin/admin-app'));
const TestAutoTimeslotsPage = lazy(() => import('./pages/test-auto-timeslots'));
// The older flow (one chunk) and the participants page.
const olderFlow = () => import('./pages/legacy/older-flow');
const LegacyEventPage = lazy(() => olderFlow().then((m) => ({ default: m.LegacyEventPage })));
const LegacyParticipantsRedirect = lazy(() =>
  olderFlow().then((m) => ({ default: m.LegacyParticipantsRedirect })),
);
const LegacyRegistrationPage = lazy(() => olderFlow().then((m) => ({ default: m.LegacyRegistrationPage })));
const LegacyConfirmationPage = lazy(() => olderFlow().then((m) => ({ default: m.LegacyConfirmationPage })));
const ParticipantsPage = lazy(() => import('./pages/legacy/participants-page'));

/**
 * `/events/:slug`: the booking page from its own chunk (public/booking-page-loader.ts), and the event's
 * data asked for at the same time rather than once the chunk is in; the page's own useSWR of the same
 * key then finds the answer in SWR's cache (or in flight).
 */
function EventRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  useSWR(slug ? eventKey(slug) : null);
  const [Page, setPage] = useState(loadedBookingPage);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (Page) return;
    let live = true;
    loadBookingPage().then(
      (loaded) => live && setPage(() => loaded),
      (err: unknown) => live && setFailed(err ?? new Error('The booking page did not load')),
    );
    return () => {
      live = false;
    };
  }, [Page]);
  if (failed) throw failed;
  return Page ? <Page /> : <PageLoader />;
}

function PublicRoutes() {
  return (
    <PublicLayout>
      <PublicRouteGuards />
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/events/:slug" component={EventRoute} />
          <Route path="/legacy/events/:slug?" component={LegacyEventPage} />
          <Route path="/participants" component={LegacyParticipantsRedirect} />
          <Route path="/registration" component={LegacyRegistrationPage} />
          <Route path="/confirmation" component={LegacyConfirmationPage} />
          <Route path="/booking/:eventSlug/participants" component={ParticipantsPage} />
          <Route path="/booking/confirmation/:reference" component={BookingConfirmationPage} />
          <Route path="/booking/confirmed/:reference" component={BookingConfirmationPage} />
          <Route path="/cancel-appointment" component={CancelAppointmentPage} />
          <Route path="/wc/:code" component={PartnerLinkPage} />
          <Route path="/test/auto-timeslots" component={TestAutoTimeslotsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PublicLayout>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/admin/*?">
        <Suspense fallback={<PageLoader />}>
          <AdminApp />
        </Suspense>
      </Route>
      <Route>
        <PublicRoutes />
      </Route>
    </Switch>
  );
}
