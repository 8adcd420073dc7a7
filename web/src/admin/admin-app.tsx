import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '../components/layout/page';
import { PublicLayout } from '../components/layout/public-layout';
import NotFoundPage from '../pages/not-found';
import { AdminLayout } from './components/admin-layout';
import { ProtectedRoute } from './components/protected-route';
import Dashboard from './pages/dashboard';
import LoginPage from './pages/login-page';

const EmailPage = lazy(() => import('./pages/email-page'));
const PostalTimeslotsPage = lazy(() => import('./pages/postal-timeslots-page'));
const SystemPage = lazy(() => import('./pages/system-page'));
const AuditLogPage = lazy(() => import('./pages/audit-log-page'));
const AccountPage = lazy(() => import('./pages/account-page'));
const SetPasswordPage = lazy(() => import('./pages/set-password-page'));
const CheckInPage = lazy(() => import('./pages/check-in-page'));
const AttendeeSheetPage = lazy(() => import('./pages/attendee-sheet-page'));

function Protected({ children }: { children: ReactNode }) {
  return (
    <ProtectedRoute>
      <AdminLayout>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </AdminLayout>
    </ProtectedRoute>
  );
}

/**
 * The admin back-office, loaded as its own chunk for every `/admin` path (see src/routes.tsx).
 * /admin/login is open; every other admin route is protected (spinner, redirect to login, one reload).
 */
export default function AdminApp() {
  return (
    <Switch>
      <Route path="/admin/login" component={LoginPage} />
      {/* open like login: the invite link of a staff member who has no password yet */}
      <Route path="/admin/set-password">
        <Suspense fallback={<PageLoader />}>
          <SetPasswordPage />
        </Suspense>
      </Route>
      <Route path="/admin">
        <Protected>
          <Dashboard />
        </Protected>
      </Route>
      <Route path="/admin/dashboard">
        <Protected>
          <Dashboard />
        </Protected>
      </Route>
      <Route path="/admin/email">
        <Protected>
          <EmailPage />
        </Protected>
      </Route>
      <Route path="/admin/postal-timeslots">
        <Protected>
          <PostalTimeslotsPage />
        </Protected>
      </Route>
      <Route path="/admin/system">
        <Protected>
          <SystemPage />
        </Protected>
      </Route>
      <Route path="/admin/audit-log">
        <Protected>
          <AuditLogPage />
        </Protected>
      </Route>
      <Route path="/admin/check-in">
        <Protected>
          <CheckInPage />
        </Protected>
      </Route>
      <Route path="/admin/attendees">
        <Protected>
          <AttendeeSheetPage />
        </Protected>
      </Route>
      <Route path="/admin/account">
        <Protected>
          <AccountPage />
        </Protected>
      </Route>
      {/* not in the route list: the not-found page, like any other unknown path (spec section 2) */}
      <Route>
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      </Route>
    </Switch>
  );
}
