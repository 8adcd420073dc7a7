import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Container, HStack, Stack } from 'styled-system/jsx';
import { container } from 'styled-system/patterns';
import { Link, useLocation } from 'wouter';
import { AlertTriangleIcon, LogOutIcon } from '../../components/icons';
import { LogoMark } from '../../components/layout/logo';
import { useLogout } from '../../components/layout/use-logout';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import type { StaffAccount } from '@hs/contracts';
import useSWR from 'swr';
import type { ApiEnvelope } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { ADMIN_PATHS } from '../lib/admin-api';
import { canSeePage } from '../../lib/staff-roles';
import { HeadedCard } from './headed-card';

function LogoutButton() {
  const { logout, pending } = useLogout();
  return (
    <Button variant="outline" size="sm" onClick={logout} loading={pending} loadingText="Logging out...">
      <LogOutIcon />
      Logout
    </Button>
  );
}

/** Back-office pages; each role sees only the ones lib/staff-roles.ts opens to it. */
export const ADMIN_NAV = [
  { href: '/admin/dashboard', label: 'Dashboard' },
  { href: '/admin/check-in', label: 'Check-in' },
  { href: '/admin/postal-timeslots', label: 'Postal Timeslots' },
  { href: '/admin/email', label: 'Email' },
  { href: '/admin/audit-log', label: 'Audit Log' },
  { href: '/admin/system', label: 'System' },
  { href: '/admin/account', label: 'Account' },
] as const;

const navLink = css({
  display: 'block',
  px: '3',
  py: '1.5',
  borderRadius: 'l2',
  textStyle: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text' },
});

/** Back-office sections beyond the dashboard tabs. */
function AdminNav() {
  const [location] = useLocation();
  const { user } = useAuth();
  const current = location === '/admin' ? '/admin/dashboard' : location;
  return (
    // room on every side for the link's focus ring, which the scroll container would clip otherwise
    <ul
      className={css({ display: 'flex', gap: '1', overflowX: 'auto', pt: '1', pb: '2', mx: '-1', px: '1' })}
    >
      {ADMIN_NAV.filter((item) => canSeePage(user?.role, item.href)).map((item) => (
        <li key={item.href}>
          <Link
            href={item.href}
            className={navLink}
            aria-current={current === item.href ? 'page' : undefined}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A page the signed-in role may not open (typed into the address bar): no content, a way back. */
function NotForYourRole() {
  return (
    <HeadedCard
      heading="h1"
      maxW="md"
      title="This page is not available for your role"
      description="Ask an admin if you need it."
      footer={<Link href="/admin/dashboard">Back to the dashboard</Link>}
    />
  );
}

/**
 * An admin whose role must have a second factor (Staff tab setting) and has none: the api refuses
 * everything but their account, so every page but Account says what to do instead.
 */
function useMustEnrol(role: string | undefined): boolean {
  const { data } = useSWR<ApiEnvelope<StaffAccount>>(role === 'admin' ? ADMIN_PATHS.account : null);
  return Boolean(data?.data.totpRequired && !data.data.totpEnabled);
}

function EnrolFirst() {
  return (
    <HeadedCard
      heading="h1"
      maxW="md"
      title="Set up two-factor authentication"
      description="Admins must use an authenticator app to sign in. Set it up on your Account page to continue."
      footer={<Link href="/admin/account">Go to Account</Link>}
    />
  );
}

/** The admin frame: nav 'Health Screening Admin', 'Welcome, {name}', Logout. Non-admins see the refusal. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user, isStaff } = useAuth();
  const [location] = useLocation();
  const mustEnrol = useMustEnrol(user?.role);

  // Every staff role gets the back-office (spec: 'Admin not allow to go to appointment page' applies
  // to all of them); any other role sees the refusal.
  if (!isStaff) {
    return (
      <main
        className={css({ minH: '100dvh', bg: 'bg.canvas', display: 'grid', placeItems: 'center', p: '4' })}
      >
        <Card.Root maxW="md" w="full">
          <Card.Header>
            <HStack gap="2" color="warning.default">
              <AlertTriangleIcon />
              <Card.Title asChild>
                <h1>Admin not allow to go to appointment page</h1>
              </Card.Title>
            </HStack>
            <Card.Description>Please relogin to the admin account</Card.Description>
          </Card.Header>
          <Card.Footer>
            <LogoutButton />
          </Card.Footer>
        </Card.Root>
      </main>
    );
  }

  return (
    <div className={css({ minH: '100dvh', bg: 'bg.canvas' })}>
      <header
        className={css({
          bg: 'bg.default',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          position: 'sticky',
          top: '0',
          zIndex: 'sticky',
        })}
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <nav aria-label="Admin">
            <HStack minH="16" py="2" gap="3" justify="space-between" flexWrap="wrap">
              <Link
                href="/admin/dashboard"
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '3',
                  textDecoration: 'none',
                })}
              >
                <LogoMark size={28} />
                <span className={css({ fontWeight: 'bold', fontSize: { base: 'md', sm: 'lg' } })}>
                  Health Screening Admin
                </span>
              </Link>
              <HStack gap="3">
                <span className={css({ color: 'fg.muted', textStyle: 'sm' })}>Welcome, {user?.username}</span>
                <LogoutButton />
              </HStack>
            </HStack>
            <AdminNav />
          </nav>
        </Container>
      </header>
      <main
        className={container({
          maxW: '7xl',
          px: { base: '3', sm: '4', md: '6' },
          py: { base: '6', md: '8' },
        })}
      >
        <Stack gap="6">
          {!canSeePage(user?.role, location) ? (
            <NotForYourRole />
          ) : mustEnrol && location !== '/admin/account' ? (
            <EnrolFirst />
          ) : (
            children
          )}
        </Stack>
      </main>
    </div>
  );
}
