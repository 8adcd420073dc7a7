import { css } from 'styled-system/css';
import { PackageSelect } from './package-select';
import { type PersonField, PersonFields, type PersonValues } from './person-fields';
import type { EventPackage } from './types';

type ParticipantFieldName = keyof PersonValues | 'packageId';

export interface ParticipantFieldsProps {
  /** Ids are `${idPrefix}${name}`, the package's `${idPrefix}packageId`. */
  idPrefix: string;
  /** The person's fields above the package (email, mobile and membership follow it). */
  fields: readonly PersonField[];
  values: Partial<PersonValues> & { packageId: string };
  errors: Record<string, string>;
  packages: readonly EventPackage[];
  onChange: (name: ParticipantFieldName, value: string | boolean) => void;
  onBlur?: ((name: ParticipantFieldName) => void) | undefined;
  /** Fields shown without the required mark. */
  optional?: readonly PersonField[];
  dateOfBirthPicker?: boolean;
}

/** One more participant's fields in a dialog's form: the person, their package across the row, contact. */
export function ParticipantFields({
  idPrefix,
  fields,
  values,
  errors,
  packages,
  onChange,
  onBlur,
  optional,
  dateOfBirthPicker,
}: ParticipantFieldsProps) {
  const person = {
    idPrefix,
    values,
    errors,
    onChange,
    onBlur,
    who: 'participant',
    genders: ['Male', 'Female'],
    optional,
    dateOfBirthPicker,
  } as const;
  return (
    <>
      <PersonFields {...person} fields={fields} />
      <div className={css({ gridColumn: '1 / -1' })}>
        <PackageSelect
          id={`${idPrefix}packageId`}
          packages={packages}
          value={values.packageId}
          error={errors.packageId}
          onChange={(value) => onChange('packageId', value)}
          onBlur={onBlur ? () => onBlur('packageId') : undefined}
        />
      </div>
      <PersonFields {...person} fields={['email', 'mobileNumber', 'isAiaMember']} />
    </>
  );
}
