import { lazy, Suspense } from 'react';
import useSWR from 'swr';
import { Route, Switch, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { PublicLayout } from './components/layout/public-layout';
import { PageLoader } from './components/layout/page';
import HomePage from './pages/home';
import NotFoundPage from './pages/not-found';
import { useLanguage } from './i18n';
import { eventKey } from './lib/swr-keys';
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
const ProgrammePage = lazy(() => import('./pages/corporate/programme-page'));
const ProgrammeReportPage = lazy(() => import('./pages/programme-report/programme-report-page'));
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

/**
 * `/events/{slug}`: the event's data is asked for beside the page's chunk, not once the chunk has
 * arrived (on a phone's link that wait is most of the time to the first content). The route subscribes
 * to the page's own key, in the page's own SWR cache: the page then finds the answer there (or the
 * request in flight), and an answer already there (the first view's) is not asked for again. Not SWR's
 * `preload()`: that keeps its promise in a module-wide map, outside any provider, until some page takes it.
 */
function EventRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  const language = useLanguage();
  // what it returns is not read, so this route does not re-render when the answer comes
  useSWR(slug ? eventKey(slug, language) : null);
  // while the chunk arrives the page is a screen tall, as the event's page will be: the footer stays
  // below the fold, so nothing visible moves when it comes (a short loader here shifted the layout)
  return (
    <Suspense
      fallback={
        <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
          <PageLoader />
        </div>
      }
    >
      <EventBookingPage />
    </Suspense>
  );
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
          <Route path="/c/:code" component={ProgrammePage} />
          <Route path="/programme-report/:token" component={ProgrammeReportPage} />
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
