import { useTranslation } from '../../i18n';
import { Link } from 'wouter';
import { css } from 'styled-system/css';

export const BRAND_NAME = 'Health Screening';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--colors-accent-default)" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
    </svg>
  );
}

/** The brand mark and name, linking home. */
export function Logo({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      href="/"
      onClick={onClick}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2.5',
        color: 'fg.default',
        textDecoration: 'none',
        borderRadius: 'l2',
        flexShrink: 0,
      })}
    >
      <LogoMark />
      <span className={css({ display: 'flex', flexDirection: 'column', lineHeight: '1.1' })}>
        <span
          className={css({
            fontWeight: 'bold',
            fontSize: { base: 'md', sm: 'lg' },
            letterSpacing: '-0.01em',
          })}
        >
          {BRAND_NAME}
        </span>
        <span className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>
          {t('header.place')}
        </span>
      </span>
    </Link>
  );
}
