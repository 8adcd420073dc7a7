import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PublicLayout } from './components/layout/public-layout';
import { PageLoader } from './components/layout/page';
import EventBookingPage from './pages/booking/booking-page';
import CancelAppointmentPage from './pages/cancel-appointment';
import BookingConfirmationPage from './pages/confirmation/confirmation-page';
import HomePage from './pages/home';
import { ManageAppointmentPage } from './pages/manage';
import NotFoundPage from './pages/not-found';
import PartnerLinkPage from './pages/partner-link';
import { PublicRouteGuards } from './public/route-guards';

/*
 * Route table (spec section 2). The public entry stays small: `/` and the booking wizard are in the
 * main bundle; the admin back-office and the older flow are lazy chunks (React.lazy + dynamic import,
 * which Vite turns into separate files). Add a lazy screen like AdminApp below.
 */
const AdminApp = lazy(() => import('./admin/admin-app'));
const TestAutoTimeslotsPage = lazy(() => import('./pages/test-auto-timeslots'));
const WaitlistPage = lazy(() => import('./pages/waitlist/waitlist-page'));
const PrivacyPage = lazy(() => import('./pages/privacy/privacy-page'));
const SmsOptOutPage = lazy(() => import('./pages/sms-opt-out/sms-opt-out-page'));
// The older flow (one chunk) and the participants page.
const olderFlow = () => import('./pages/legacy/older-flow');
const LegacyEventPage = lazy(() => olderFlow().then((m) => ({ default: m.LegacyEventPage })));
const LegacyParticipantsRedirect = lazy(() =>
  olderFlow().then((m) => ({ default: m.LegacyParticipantsRedirect })),
);
const LegacyRegistrationPage = lazy(() => olderFlow().then((m) => ({ default: m.LegacyRegistrationPage })));
const LegacyConfirmationPage = lazy(() => olderFlow().then((m) => ({ default: m.LegacyConfirmationPage })));
const ParticipantsPage = lazy(() => import('./pages/legacy/participants-page'));
// The participants page's 'Back to Packages' and 'Continue' targets.
const participantsBooking = () => import('./pages/participants-booking');
const PackageChoicePage = lazy(() => participantsBooking().then((m) => ({ default: m.PackageChoicePage })));
const ParticipantsRegistrationPage = lazy(() =>
  participantsBooking().then((m) => ({ default: m.ParticipantsRegistrationPage })),
);

function PublicRoutes() {
  return (
    <PublicLayout>
      <PublicRouteGuards />
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/events/:slug" component={EventBookingPage} />
          <Route path="/legacy/events/:slug?" component={LegacyEventPage} />
          <Route path="/participants" component={LegacyParticipantsRedirect} />
          <Route path="/registration" component={LegacyRegistrationPage} />
          <Route path="/confirmation" component={LegacyConfirmationPage} />
          <Route path="/booking/packages" component={PackageChoicePage} />
          <Route path="/booking/registration" component={ParticipantsRegistrationPage} />
          <Route path="/booking/:eventSlug/participants" component={ParticipantsPage} />
          <Route path="/booking/confirmation/:reference" component={BookingConfirmationPage} />
          <Route path="/booking/confirmed/:reference" component={BookingConfirmationPage} />
          <Route path="/cancel-appointment" component={CancelAppointmentPage} />
          <Route path="/manage-appointment" component={ManageAppointmentPage} />
          <Route path="/waitlist/:token" component={WaitlistPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/sms-opt-out/:token" component={SmsOptOutPage} />
          <Route path="/wc/:code?" component={PartnerLinkPage} />
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
