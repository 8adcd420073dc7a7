import * as Field from '../components/ui/field';
import { publicPrice } from './money';
import { selectStyle } from './select-style';
import type { EventPackage } from './types';
import { useTranslation, translateMessage } from '../i18n';

export interface PackageSelectProps {
  /** The field's id (focusFirstInvalid finds it). */
  id: string;
  packages: readonly EventPackage[];
  /** The package id as text; '' for none. */
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A required package choice for one participant, each package with its price to the public (GST in it). */
export function PackageSelect({ id, packages, value, error, onChange, onBlur }: PackageSelectProps) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)} required id={id}>
      <Field.Label>
        {t('review.package')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Field.Select
        className={selectStyle}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{t('review.selectPackage')}</option>
        {packages.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({publicPrice(p.price)}, {t('wizard.inclGst')})
          </option>
        ))}
      </Field.Select>
      <Field.ErrorText>{translateMessage(error)}</Field.ErrorText>
    </Field.Root>
  );
}
