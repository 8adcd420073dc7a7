import { useTranslation } from '../../i18n';
import { css, cx } from 'styled-system/css';

/** Braintree's test nonces, offered by the simulated test-mode drop-in. */
export const TEST_CARDS = [
  {
    id: 'visa-ok',
    label: 'Visa •••• 1111',
    detail: 'Test card: payment succeeds',
    detailKey: 'payment.cardOk',
    nonce: 'fake-valid-nonce',
    cardType: 'Visa',
    lastFour: '1111',
  },
  {
    id: 'visa-declined',
    label: 'Visa •••• 0002',
    detail: 'Test card: processor declines',
    detailKey: 'payment.cardDeclined',
    nonce: 'fake-processor-declined-visa-nonce',
    cardType: 'Visa',
    lastFour: '0002',
  },
] as const;

/** The simulated test-mode drop-in: one radio per test card. */
export function TestCardPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' })}>
      <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>
        {t('payment.chooseTestCard')}
      </legend>
      {TEST_CARDS.map((c) => (
        <label
          key={c.id}
          className={cx(
            css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              p: '3',
              borderWidth: '1px',
              borderRadius: 'l2',
              cursor: 'pointer',
              borderColor: 'border.default',
              _focusWithin: { outline: '2px solid {colors.accent.default}', outlineOffset: '2px' },
            }),
            value === c.id ? css({ borderColor: 'accent.default', bg: 'accent.subtle' }) : undefined,
          )}
        >
          <input
            type="radio"
            name="test-card"
            value={c.id}
            checked={value === c.id}
            onChange={() => onChange(c.id)}
          />
          <span>
            <span className={css({ display: 'block', fontWeight: 'medium' })}>{c.label}</span>
            <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>
              {t(c.detailKey)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
