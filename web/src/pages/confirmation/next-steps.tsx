import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';

/** What to do before the appointment (spec: arrive 15 minutes early, bring ID and reference, fast). */
export function NextSteps() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="next-steps">
      <h2 id="next-steps" className={css({ fontWeight: 'semibold', mb: '2' })}>
        {t('success.nextSteps')}
      </h2>
      <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' })}>
        <li>{t('success.step1')}</li>
        <li>{t('success.step2')}</li>
        <li>{t('success.step3')}</li>
      </ul>
    </section>
  );
}
