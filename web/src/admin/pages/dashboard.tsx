import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Skeleton } from '../../components/ui/skeleton';
import * as Tabs from '../../components/ui/tabs';
import { ApiKeysTab } from '../tabs/api-keys-tab';
import { CompaniesTab } from '../tabs/companies-tab';
import { DiscountsTab } from '../tabs/discounts-tab';
import { EmailTemplatesTab } from '../tabs/email-templates-tab';
import { EventsTab } from '../tabs/events-tab';
import { HolidaysTab } from '../tabs/holidays-tab';
import { OrdersTab } from '../tabs/orders-tab';
import { PackagesTab } from '../tabs/packages-tab';
import { PaymentsTab } from '../tabs/payments-tab';
import { PostalCodesTab } from '../tabs/postal-codes-tab';
import { StaffTab } from '../tabs/staff-tab';
import { useAuth } from '../../lib/auth';
import { canSeeTab, roleLabel } from '../../lib/staff-roles';
import { TodayTab } from '../tabs/today-tab';
import { WaitlistTab } from '../tabs/waitlist-tab';
import { Notice } from '../../components/notice';
import { PageTitle } from '../components/page-title';

// Issue 25: the Reports tab (and its chart library) loads only when opened.
const ReportsTab = lazy(() => import('../tabs/reports-tab'));

export const DASHBOARD_TABS: { value: string; label: string; render: () => ReactNode }[] = [
  { value: 'today', label: 'Today', render: () => <TodayTab /> },
  { value: 'events', label: 'Events', render: () => <EventsTab /> },
  { value: 'packages', label: 'Packages', render: () => <PackagesTab /> },
  { value: 'orders', label: 'Orders', render: () => <OrdersTab /> },
  { value: 'waitlist', label: 'Waiting List', render: () => <WaitlistTab /> },
  {
    value: 'reports',
    label: 'Reports',
    render: () => (
      <Suspense fallback={<Skeleton h="40" w="full" />}>
        <ReportsTab />
      </Suspense>
    ),
  },
  { value: 'companies', label: 'Companies', render: () => <CompaniesTab /> },
  { value: 'postal-codes', label: 'Postal Codes', render: () => <PostalCodesTab /> },
  { value: 'discounts', label: 'Discounts', render: () => <DiscountsTab /> },
  { value: 'holidays', label: 'Holidays', render: () => <HolidaysTab /> },
  { value: 'email-templates', label: 'Email Templates', render: () => <EmailTemplatesTab /> },
  { value: 'payments', label: 'Payments', render: () => <PaymentsTab /> },
  { value: 'api-keys', label: 'API Keys', render: () => <ApiKeysTab /> },
  { value: 'staff', label: 'Staff', render: () => <StaffTab /> },
];

/**
 * /admin and /admin/dashboard: the notice and the tabs the role may see (`?tab=` keeps the open tab).
 * The Today tab comes first; catalogue counts live with their tabs, not above every one (issue 45).
 */
export default function Dashboard() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { user } = useAuth();
  // Each role sees only its tabs (lib/staff-roles.ts); the first one open to it is the default.
  const tabs = DASHBOARD_TABS.filter((t) => canSeeTab(user?.role, t.value));
  const requested = new URLSearchParams(search).get('tab');
  const tab = tabs.some((t) => t.value === requested) ? (requested as string) : (tabs[0]?.value ?? 'events');

  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Notice tone="info" size="sm">
        <span>
          {/* The role by name (issue 45): front desk and finance were told they were admins. */}
          You are logged in as {user ? `${user.username} (${roleLabel(user.role)})` : 'staff'}. To book an
          appointment as a customer, please log out first.
        </span>
      </Notice>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => navigate(`${location}?tab=${e.value}`, { replace: true })}
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-label="Manage">
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            {t.render()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
