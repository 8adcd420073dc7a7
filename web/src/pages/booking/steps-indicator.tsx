import { useTranslation } from '../../i18n';
import { css, cx } from 'styled-system/css';
import { CheckIcon } from '../../components/icons';
import { STEP_TITLES } from './wizard-logic';

const stepItem = css({
  display: 'flex',
  alignItems: 'center',
  flex: '1',
  gap: '2',
  '&:last-child': { flex: '0 0 auto' },
});
const indicator = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border.emphasized',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  bg: 'bg.default',
  '&[data-current]': { borderColor: 'accent.default', color: 'accent.text', bg: 'accent.subtle' },
  '&[data-complete]': { borderColor: 'accent.default', bg: 'accent.default', color: 'white' },
  '& svg': { w: '4', h: '4' },
});
const separator = css({
  flex: '1',
  h: '2px',
  minW: '3',
  bg: 'border.default',
  '&[data-complete]': { bg: 'accent.default' },
});

/** The wizard's four steps as a numbered list (done, current, to come). */
export function StepsIndicator({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('wizard.steps')} className={css({ mb: '6' })}>
      <ol className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        {STEP_TITLES.map((title, index) => {
          const state = index < step ? { 'data-complete': '' } : index === step ? { 'data-current': '' } : {};
          return (
            <li key={title} className={stepItem} aria-current={index === step ? 'step' : undefined}>
              <span className={indicator} {...state} aria-hidden="true">
                {index < step ? <CheckIcon /> : index + 1}
              </span>
              <span
                className={cx(
                  index === step ? css({ display: { base: 'none', md: 'inline' } }) : css({ srOnly: true }),
                  css({
                    fontSize: 'sm',
                    fontWeight: index === step ? 'semibold' : 'normal',
                    color: index === step ? 'fg.default' : 'fg.muted',
                    whiteSpace: 'nowrap',
                  }),
                )}
              >
                {index < step ? <span className={css({ srOnly: true })}>{t('wizard.completed')}</span> : null}
                {t(`wizard.step${index}`)}
              </span>
              {index < STEP_TITLES.length - 1 ? <span className={separator} {...state} /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
