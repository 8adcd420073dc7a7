import { Trans, useTranslation } from '../../i18n';
import { css } from 'styled-system/css';

/**
 * Singpass's red-filled button (their button guidelines: fill #F4333D, white label, a sans-serif face,
 * the wordmark beside the label at its x-height). The label is bold and 19 px so that white on this
 * red (3.9:1) is large text (WCAG AA asks 3:1). The wordmark is text; the button is named by
 * `myinfo.button` ("Retrieve Myinfo with Singpass"), not by the lower-case wordmark.
 */
const look = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexWrap: 'wrap',
  columnGap: '1.5',
  w: { base: 'full', sm: 'auto' },
  minH: '12',
  px: '5',
  py: '2.5',
  borderRadius: 'l2',
  bg: '#F4333D',
  color: 'white',
  fontFamily: 'Poppins, system-ui, sans-serif',
  fontSize: '19px',
  fontWeight: 'bold',
  lineHeight: '1.3',
  textAlign: 'center',
  cursor: 'pointer',
  transition: 'background 0.15s',
  _hover: { bg: '#D92B34' },
  _active: { bg: '#BF252D' },
  _focusVisible: { outline: '3px solid', outlineColor: 'fg.default', outlineOffset: '2px' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
});

const wordmark = css({ fontWeight: 'extrabold', letterSpacing: '-0.01em', whiteSpace: 'nowrap' });

export function SingpassButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={look}
      onClick={onClick}
      disabled={disabled}
      aria-label={t('myinfo.button')}
    >
      <Trans i18nKey="myinfo.buttonVisible" components={{ logo: <span className={wordmark} /> }} />
    </button>
  );
}
