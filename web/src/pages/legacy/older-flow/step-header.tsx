import { useTranslation } from '../../../i18n';
import { css } from 'styled-system/css';

/** "Step n of 4", the page title and a line under it (the older flow's pages). */
export function StepHeader({
  step,
  title,
  subtitle,
}: {
  step: number;
  title: string;
  subtitle?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <header className={css({ mb: '6' })}>
      <p className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'accent.text' })}>
        {t('legacy.stepOf', { step })}
      </p>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{title}</h1>
      {subtitle ? <p className={css({ color: 'fg.muted', mt: '1' })}>{subtitle}</p> : null}
    </header>
  );
}
