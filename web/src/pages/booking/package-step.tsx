import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { ChoiceGroup } from '../../public/choice-group';
import { money, publicPrice } from '../../public/money';
import type { EventPackage } from '../../public/types';
import type { ProgrammeSplit } from './programme';
import { FIELD_ID_PREFIX as F } from './wizard-logic';

export interface PackageStepProps {
  packages: EventPackage[];
  packageId: number | null;
  error: string | undefined;
  onChange: (packageId: number) => void;
  /** Under a corporate programme: each package's price and who pays what (GST included). */
  split?: Record<number, ProgrammeSplit> | undefined;
}

/** Step 1: one of the event's packages, with its AIA member price where it has one, GST included. */
export function PackageStep({ packages, packageId, error, onChange, split }: PackageStepProps) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      id={`${F}packageId`}
      label={t('wizard.choosePackage')}
      hideLabel
      name="packageId"
      value={packageId ? String(packageId) : null}
      onChange={(v) => onChange(Number(v))}
      error={error}
      options={packages.map((p) => ({
        value: String(p.id),
        label: p.name,
        description: p.description,
        aside: split?.[p.id] ? (
          <ProgrammePrice split={split[p.id]!} />
        ) : (
          <span className={css({ textAlign: 'right', display: 'block' })}>
            {/* issue 46: the public sees prices with GST in them; the review shows the GST part */}
            <span className={css({ display: 'block', fontWeight: 'bold', color: 'fg.default' })}>
              {publicPrice(p.price)}
            </span>
            {p.aiaPrice ? (
              <span className={css({ display: 'block', fontSize: 'xs', color: 'accent.text' })}>
                {t('wizard.aia')} {publicPrice(p.aiaPrice)}
              </span>
            ) : null}
            <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
              {t('wizard.inclGst')}
            </span>
          </span>
        ),
      }))}
    />
  );
}

/** A covered package's price and its split: "Your company pays S$X", "You pay S$Y". */
function ProgrammePrice({ split }: { split: ProgrammeSplit }) {
  const { t } = useTranslation();
  return (
    <span className={css({ textAlign: 'right', display: 'block', fontSize: 'xs' })}>
      <span className={css({ display: 'block', fontWeight: 'bold', fontSize: 'sm', color: 'fg.default' })}>
        {money(split.price)}
      </span>
      <span className={css({ display: 'block', color: 'fg.muted' })}>
        {t('corporate.companyPays', { amount: money(split.companyPays) })}
      </span>
      <span className={css({ display: 'block', color: 'accent.text', fontWeight: 'medium' })}>
        {t('corporate.youPay', { amount: money(split.employeePays) })}
      </span>
    </span>
  );
}
