import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link, useRoute } from 'wouter';
import { css, cx } from 'styled-system/css';
import { Container, HStack } from 'styled-system/jsx';
import { useAuth } from '../../lib/auth';
import { LayoutDashboardIcon, LogOutIcon, MenuIcon } from '../icons';
import { Button, IconButton } from '../ui/button';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { useLogout } from './use-logout';

// The side menu (Ark's dialog machine: focus trap, scroll lock) is only for narrow screens and only once
// opened, so it is a chunk of its own, fetched when the menu button is hovered, focused or pressed.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);

const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '10',
  px: '3',
  borderRadius: 'l2',
  color: 'fg.muted',
  fontWeight: 'medium',
  fontSize: 'sm',
  textDecoration: 'none',
  transition: 'color 0.15s, background 0.15s',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  '&[aria-current=page]': { color: 'accent.text', bg: 'accent.subtle' },
});

const mobileNavLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  px: '3',
  borderRadius: 'l2',
  color: 'fg.default',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=page]': { color: 'accent.text', bg: 'accent.subtle' },
});

/** One link of the public navigation, marked current on its own page. */
function NavItem({
  href,
  label,
  className,
  onClick,
}: {
  href: string;
  label: string;
  className: string;
  onClick?: () => void;
}) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className={className} aria-current={active ? 'page' : undefined} onClick={onClick}>
      {label}
    </Link>
  );
}

/**
 * Appointments, and Manage booking (issue 46: self-service was linked from the confirmation page only).
 */
function NavItems({ className, onClick }: { className: string; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <NavItem href="/" label={t('header.appointments')} className={className} onClick={onClick} />
      <NavItem
        href="/manage-appointment"
        label={t('header.manageBooking')}
        className={className}
        onClick={onClick}
      />
    </>
  );
}

export function Header() {
  const { isAuthenticated } = useAuth();
  const { logout, pending } = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  // mounted from the first opening on, so that closing can animate
  const [menuMounted, setMenuMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();
  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      className={css({
        position: 'sticky',
        top: '0',
        zIndex: 'sticky',
        bg: 'bg.default/95',
        backdropFilter: 'saturate(180%) blur(8px)',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        '@media print': { display: 'none' },
      })}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <HStack h="16" justify="space-between" gap={{ base: '2', sm: '4' }}>
          <Logo />
          <HStack gap="2">
            <LanguageSwitch />

            <nav
              aria-label={t('header.mainNav')}
              className={css({ display: { base: 'none', md: 'flex' }, alignItems: 'center', gap: '2' })}
            >
              <NavItems className={navLink} />
              {isAuthenticated ? (
                <>
                  <Button asChild size="sm" variant="subtle">
                    <Link href="/admin/dashboard">
                      <LayoutDashboardIcon />
                      Admin Dashboard
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={pending}
                    loadingText="Logging out..."
                    onClick={logout}
                  >
                    <LogOutIcon />
                    Logout
                  </Button>
                </>
              ) : null}
            </nav>

            <IconButton
              ref={triggerRef}
              aria-label={t('header.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              variant="ghost"
              className={cx(css({ display: { base: 'inline-flex', md: 'none' } }))}
              onPointerEnter={() => void loadMobileMenu()}
              onFocus={() => void loadMobileMenu()}
              onClick={() => {
                setMenuMounted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
            {menuMounted ? (
              <Suspense fallback={null}>
                <MobileMenu
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  finalFocusEl={() => triggerRef.current}
                  isAuthenticated={isAuthenticated}
                  logoutPending={pending}
                  onLogout={logout}
                  linkClassName={mobileNavLink}
                >
                  <NavItems className={mobileNavLink} onClick={closeMenu} />
                </MobileMenu>
              </Suspense>
            ) : null}
          </HStack>
        </HStack>
      </Container>
    </header>
  );
}
