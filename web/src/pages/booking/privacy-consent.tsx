import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { Checkbox } from '../../components/ui/checkbox';
import { FIELD_ID_PREFIX as F } from './wizard-logic';

/** What the form tells the booker about the NRIC, before they consent (PDPC advisory guidelines on NRIC numbers). */
export const NRIC_PURPOSE =
  'We ask for your NRIC or FIN to verify your identity for this medical screening, so that your results and records are matched to you alone, and, only if you ask, to check AIA Health Shield benefits. Staff see it masked unless they need the full number.';

export interface PrivacyConsentProps {
  /** The checkbox's id (focused when consent is missing); the wizard's by default. */
  id?: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}

/**
 * Step 2's last block (issue 24): why the NRIC is collected, a link to the privacy notice, and the
 * consent the booking records (privacyConsent: true). The link sits outside the label, so opening
 * the notice never ticks the box.
 */
export function PrivacyConsent({ id = `${F}privacyConsent`, checked, error, onChange }: PrivacyConsentProps) {
  const { t } = useTranslation();
  return (
    <div
      className={css({
        gridColumn: '1 / -1',
        p: '4',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: error ? 'danger.border' : 'border.default',
        display: 'grid',
        gap: '3',
      })}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.default' })}>
        {t('privacy.purpose')}{' '}
        <a
          href="/privacy"
          target="_blank"
          rel="noopener"
          className={css({ color: 'accent.text', textDecoration: 'underline' })}
        >
          {t('privacy.readNotice')}
        </a>
        .
      </p>
      <Checkbox
        id={id}
        checked={checked}
        invalid={Boolean(error)}
        required
        onCheckedChange={(e) => onChange(e.checked === true)}
      >
        {t('privacy.consent')}
      </Checkbox>
      {error ? (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm' })}>
          {tm(error)}
        </p>
      ) : null}
    </div>
  );
}
