import { css } from 'styled-system/css';
import { Checkbox } from '../../components/ui/checkbox';
import { useTranslation } from '../../i18n';
import { detailList } from '../../public/detail-list';
import { money } from '../../public/money';
import type { ProgrammeBookingContext } from './programme';

export interface ProgrammeReviewProps {
  programme: ProgrammeBookingContext & { shareName: boolean; onShareNameChange: (share: boolean) => void };
  packageId: number | null;
}

/**
 * The review step's price under a corporate programme (issue 51): the package's price, what the
 * company pays and what the employee pays; and, when the programme lets HR see names, the
 * employee's consent to being named (never what they booked).
 */
export function ProgrammeReview({ programme, packageId }: ProgrammeReviewProps) {
  const { t } = useTranslation();
  const split = packageId ? programme.packages[packageId] : undefined;
  return (
    <section
      aria-labelledby="review-programme"
      className={css({
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'l2',
        p: { base: '4', md: '5' },
        display: 'grid',
        gap: '4',
      })}
    >
      <h3 id="review-programme" className={css({ fontWeight: 'semibold' })}>
        {t('corporate.whoPays')}
      </h3>
      {split ? (
        <dl className={detailList}>
          <dt>{t('corporate.packagePrice')}</dt>
          <dd>{money(split.price)}</dd>
          <dt>{t('corporate.companyPart')}</dt>
          <dd>{money(split.companyPays)}</dd>
          <dt>{t('corporate.yourPart')}</dt>
          <dd className={css({ fontWeight: 'bold' })} data-testid="programme-employee-pays">
            {money(split.employeePays)}
          </dd>
        </dl>
      ) : null}
      {programme.askShareName ? (
        <Checkbox
          id="bk-shareNameWithEmployer"
          checked={programme.shareName}
          onCheckedChange={(e) => programme.onShareNameChange(e.checked === true)}
        >
          {t('corporate.shareName')}
        </Checkbox>
      ) : null}
    </section>
  );
}
