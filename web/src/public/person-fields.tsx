import { MIN_DATE_OF_BIRTH, singaporeToday } from '@hs/domain';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { css } from 'styled-system/css';
import * as Field from '../components/ui/field';
import { ChoiceGroup } from './choice-group';
import { FormField } from './form-field';
import { MemberCheckBox } from './member-check-box';
import { FromMyinfo, myinfoFieldProps } from './myinfo/from-myinfo';
import type { MyinfoMarks } from './myinfo/prefill';

/** What the four person forms ask about someone (each form keeps its own value type). */
export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  gender: string;
  identificationNumber: string;
  dateOfBirth: string;
  medicalConditions: string;
  isAiaMember: boolean;
  aiaMemberId: string;
}

/** A field of the form; `isAiaMember` is the member box with its member id under it. */
export type PersonField = Exclude<keyof PersonValues, 'aiaMemberId'>;

export interface PersonFieldsProps {
  /** Ids are `${idPrefix}${name}` (focusFirstInvalid finds them); the gender radios are named so too. */
  idPrefix: string;
  /** Which fields, in this order. */
  fields: readonly PersonField[];
  values: Partial<PersonValues>;
  errors: Record<string, string>;
  onChange: (name: keyof PersonValues, value: string | boolean) => void;
  onBlur?: ((name: keyof PersonValues) => void) | undefined;
  /**
   * `booker`: the person booking, about themselves: the browser may fill the fields in, and the ID is
   * asked as NRIC/FIN. `participant`: someone else on the booking.
   */
  who: 'booker' | 'participant';
  /** The gender values offered (labels are the values capitalised), one column each. */
  genders: readonly string[];
  /** Fields shown without the required mark. */
  optional?: readonly PersonField[];
  /** Date of birth from a date picker (yyyy-MM-dd) instead of typed as DD/MM/YYYY. */
  dateOfBirthPicker?: boolean;
  idHelperText?: ReactNode;
  /** Fields filled from Myinfo (marked) and those read-only while they are Myinfo's (issue 49). */
  myinfo?: MyinfoMarks | undefined;
}

const fullRow = css({ gridColumn: '1 / -1' });

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A person's name, contact, gender, ID and date of birth fields, laid out in the form's grid. */
export function PersonFields({
  idPrefix,
  fields,
  values,
  errors,
  onChange,
  onBlur,
  who,
  genders,
  optional = [],
  dateOfBirthPicker = false,
  idHelperText,
  myinfo,
}: PersonFieldsProps) {
  const booker = who === 'booker';
  const { t } = useTranslation();
  const text = (name: Exclude<keyof PersonValues, 'isAiaMember'>) => ({
    id: `${idPrefix}${name}`,
    name,
    value: values[name] ?? '',
    error: errors[name] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
    onBlur: () => onBlur?.(name),
    ...myinfoFieldProps(myinfo, name),
  });
  const required = (name: PersonField) => !optional.includes(name);

  const render = (name: PersonField): ReactNode => {
    switch (name) {
      case 'firstName':
        return (
          <FormField
            label={t('person.firstName')}
            required={required(name)}
            autoComplete={booker ? 'given-name' : undefined}
            {...text(name)}
          />
        );
      case 'lastName':
        return (
          <FormField
            label={t('person.lastName')}
            required={required(name)}
            autoComplete={booker ? 'family-name' : undefined}
            {...text(name)}
          />
        );
      case 'email':
        return (
          <FormField
            label={t('person.email')}
            required={required(name)}
            type="email"
            autoComplete={booker ? 'email' : undefined}
            {...text(name)}
          />
        );
      case 'mobileNumber':
        return (
          <FormField
            label={t('person.mobileNumber')}
            required={required(name)}
            type="tel"
            autoComplete={booker ? 'tel' : undefined}
            inputMode={booker ? 'tel' : undefined}
            {...text(name)}
          />
        );
      case 'gender':
        return (
          <div className={fullRow}>
            <ChoiceGroup
              id={`${idPrefix}gender`}
              label={t('person.gender')}
              name={`${idPrefix}gender`}
              columns={genders.length === 3 ? 3 : 2}
              compact
              value={values.gender || null}
              onChange={(v) => onChange('gender', v)}
              onBlur={onBlur ? () => onBlur('gender') : undefined}
              error={errors.gender || undefined}
              readOnly={myinfo?.locked.has('gender')}
              hint={myinfo?.filled.has('gender') ? <FromMyinfo /> : undefined}
              options={genders.map((value) => ({
                value,
                label: t(`person.${value.toLowerCase()}`, { defaultValue: capitalise(value) }),
              }))}
            />
          </div>
        );
      case 'identificationNumber':
        return (
          <FormField
            label={booker ? t('person.idBooker') : t('person.id')}
            required={required(name)}
            autoComplete={booker ? 'off' : undefined}
            {...text(name)}
            helperText={idHelperText ?? text(name).helperText}
          />
        );
      case 'dateOfBirth':
        return dateOfBirthPicker ? (
          <FormField
            label={t('person.dateOfBirth')}
            required={required(name)}
            type="date"
            min={MIN_DATE_OF_BIRTH}
            max={singaporeToday()}
            {...text(name)}
          />
        ) : (
          <FormField
            label={t('person.dateOfBirth')}
            required={required(name)}
            placeholder="DD/MM/YYYY"
            inputMode={booker ? 'numeric' : undefined}
            autoComplete={booker ? 'bday' : undefined}
            {...text(name)}
          />
        );
      case 'medicalConditions':
        return (
          <div className={fullRow}>
            <Field.Root id={`${idPrefix}medicalConditions`}>
              <Field.Label>{t('person.medicalConditions')}</Field.Label>
              <Field.Textarea
                name="medicalConditions"
                value={values.medicalConditions ?? ''}
                onChange={(e) => onChange('medicalConditions', e.target.value)}
                placeholder={t('person.medicalPlaceholder')}
              />
            </Field.Root>
          </div>
        );
      case 'isAiaMember':
        return (
          <div className={css({ gridColumn: '1 / -1', display: 'grid', gap: '3' })}>
            <MemberCheckBox
              id={`${idPrefix}isAiaMember`}
              who={who}
              checked={values.isAiaMember ?? false}
              onChange={(on) => onChange('isAiaMember', on)}
            />
            {values.isAiaMember ? (
              <FormField label={t('person.aiaMemberId')} {...text('aiaMemberId')} />
            ) : null}
          </div>
        );
    }
  };

  return (
    <>
      {fields.map((name) => (
        <Fragment key={name}>{render(name)}</Fragment>
      ))}
    </>
  );
}
