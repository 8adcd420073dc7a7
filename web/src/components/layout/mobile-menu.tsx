import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { LayoutDashboardIcon, LogOutIcon } from '../icons';
import { Button } from '../ui/button';
import { Drawer } from '../ui/drawer';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on close: the header's menu button (the drawer has no trigger of its own). */
  finalFocusEl: () => HTMLElement | null;
  isAuthenticated: boolean;
  logoutPending: boolean;
  onLogout: () => Promise<void> | void;
  linkClassName: string;
  /** The public navigation's links. */
  children: ReactNode;
}

/** The header's side menu on narrow screens; a lazy chunk of its own (see header.tsx). */
export default function MobileMenu({
  open,
  onOpenChange,
  finalFocusEl,
  isAuthenticated,
  logoutPending,
  onLogout,
  linkClassName,
  children,
}: MobileMenuProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      finalFocusEl={finalFocusEl}
      placement="right"
    >
      <Drawer.Portal>
        <Drawer.Header>
          <Drawer.Title>{t('header.menu')}</Drawer.Title>
          <Drawer.CloseButton label={t('header.closeMenu')} />
        </Drawer.Header>
        <Drawer.Body>
          <nav
            aria-label={t('header.mobileNav')}
            className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}
          >
            {children}
            {isAuthenticated ? (
              <Link href="/admin/dashboard" className={linkClassName} onClick={close}>
                <LayoutDashboardIcon />
                Admin Dashboard
              </Link>
            ) : null}
          </nav>
        </Drawer.Body>
        {isAuthenticated ? (
          <Drawer.Footer>
            <Button
              variant="outline"
              fullWidth
              loading={logoutPending}
              loadingText="Logging out..."
              onClick={async () => {
                await onLogout();
                close();
              }}
            >
              <LogOutIcon />
              Logout
            </Button>
          </Drawer.Footer>
        ) : null}
      </Drawer.Portal>
    </Drawer.Root>
  );
}
