import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { ChoiceGroup } from '../../public/choice-group';
import { publicPrice } from '../../public/money';
import type { EventPackage } from '../../public/types';
import { FIELD_ID_PREFIX as F } from './wizard-logic';

export interface PackageStepProps {
  packages: EventPackage[];
  packageId: number | null;
  error: string | undefined;
  onChange: (packageId: number) => void;
}

/** Step 1: one of the event's packages, with its AIA member price where it has one, GST included. */
export function PackageStep({ packages, packageId, error, onChange }: PackageStepProps) {
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
        aside: (
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
