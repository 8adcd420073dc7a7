import type { CompanyContact } from '@hs/contracts';
import { useTranslation } from '../../i18n';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Container } from 'styled-system/jsx';
import { Link } from 'wouter';
import type { ApiEnvelope } from '../../lib/api';
import { COMPANY_CONTACT_KEY } from '../../lib/swr-keys';
import { BRAND_NAME } from './logo';

// at least 24 px tall (WCAG 2.2 target size, Lighthouse's target-size audit): a line of small text is 20
const footerLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '6',
  color: 'fg.muted',
  textDecoration: 'underline',
  _hover: { color: 'fg.default' },
});

export function Footer() {
  const year = new Date().getFullYear();
  const { t } = useTranslation();
  return (
    <footer
      className={css({
        borderTopWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.default',
        mt: 'auto',
        '@media print': { display: 'none' },
      })}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py="6">
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
            fontSize: 'sm',
            color: 'fg.muted',
          })}
        >
          <div>
            <ClinicContact />
            <p>
              © {year} {BRAND_NAME}. {t('footer.rights')}
            </p>
          </div>
          <nav aria-label={t('footer.nav')} className={css({ display: 'flex', gap: '4' })}>
            <Link href="/manage-appointment" className={footerLink}>
              {t('header.manageBooking')}
            </Link>
            <Link href="/privacy" className={footerLink}>
              {t('footer.privacy')}
            </Link>
          </nav>
        </div>
      </Container>
    </footer>
  );
}

/**
 * The clinic's contact details (issue 46: the emails say "contact us", the site says how). While
 * they load, or when they cannot be loaded, the footer simply goes without them.
 */
function ClinicContact() {
  const { t } = useTranslation();
  const { data } = useSWR<ApiEnvelope<CompanyContact>>(COMPANY_CONTACT_KEY);
  const contact = data?.data;
  if (!contact || !(contact.phone || contact.email || contact.address)) return null;
  return (
    <address
      aria-label={t('footer.contact')}
      className={css({ fontStyle: 'normal', mb: '2', display: 'flex', flexWrap: 'wrap', gap: '1 3' })}
    >
      <strong>{contact.name}</strong>
      {contact.address ? <span>{contact.address}</span> : null}
      {contact.phone ? (
        <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className={footerLink}>
          {t('footer.phone', { phone: contact.phone })}
        </a>
      ) : null}
      {contact.email ? (
        <a href={`mailto:${contact.email}`} className={footerLink}>
          {t('footer.email', { email: contact.email })}
        </a>
      ) : null}
    </address>
  );
}
