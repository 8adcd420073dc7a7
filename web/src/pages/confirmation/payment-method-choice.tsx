import { paymentMethodLabel } from '@hs/domain';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css, cx } from 'styled-system/css';

export const PAYMENT_METHODS = ['card', 'paynow'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const option = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '11',
  px: '3',
  borderWidth: '1px',
  borderRadius: 'l2',
  borderColor: 'border.default',
  fontWeight: 'medium',
  cursor: 'pointer',
  _focusWithin: { outline: '2px solid {colors.accent.default}', outlineOffset: '2px' },
});
const chosen = css({ borderColor: 'accent.default', bg: 'accent.subtle' });

/**
 * Card or PayNow (issue 48), offered when the server says PayNow is set up: two radios, so the arrow
 * keys move between them. The names are the receipts' (paymentMethodLabel).
 */
export function PaymentMethodChoice({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
      <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>
        {t('payment.method')}
      </legend>
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2' })}>
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className={cx(option, value === m ? chosen : undefined)}>
            <input
              type="radio"
              name="payment-method"
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
            />
            {tm(paymentMethodLabel(m))}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
