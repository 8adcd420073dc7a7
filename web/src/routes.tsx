import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PublicLayout } from './components/layout/public-layout';
import { PageLoader } from './components/layout/page';
import HomePage from './pages/home';
import NotFoundPage from './pages/not-found';
import { PublicRouteGuards } from './public/route-guards';

/*
 * Route table (spec section 2). The public entry stays small (issue 50: at most 120 KB gzipped JS
 * before `/` renders): only `/` and the not-found page are in it. Every other screen is a lazy chunk
 * (React.lazy + dynamic import, which Vite turns into separate files), fetched when its route is
 * opened; bench/web reads this file to tell which chunk each route loads. Add a screen like
 * EventBookingPage below.
 */
const AdminApp = lazy(() => import('./admin/admin-app'));
const EventBookingPage = lazy(() => import('./pages/booking/booking-page'));
const CancelAppointmentPage = lazy(() => import('./pages/cancel-appointment'));
const BookingConfirmationPage = lazy(() => import('./pages/confirmation/confirmation-page'));
const ManageAppointmentPage = lazy(() => import('./pages/manage/manage-appointment-page'));
const PartnerLinkPage = lazy(() => import('./pages/partner-link'));
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
