import { useTranslation, translateMessage as tm } from '../../i18n';
import { css, cx } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { errorMessage } from '../../lib/api';
import { FormField, PostalCodeField } from '../../public/form-field';
import { MemberCheckBox } from '../../public/member-check-box';
import { type MyinfoFlow, MyinfoPanel, myinfoFieldProps, myinfoMarks } from '../../public/myinfo';
import { money } from '../../public/money';
import type { StoredPartnerData } from '../../public/partner-storage';
import { PersonFields, type PersonValues } from '../../public/person-fields';
import { PrivacyConsent } from './privacy-consent';
import type { PostalTimeslotsResponse } from '../../public/types';
import {
  BOOKER_FIELDS,
  FIELD_ID_PREFIX as F,
  isSixDigitPostalCode,
  type PersonalValues,
} from './wizard-logic';

export interface PersonalStepProps {
  values: PersonalValues;
  errors: Record<string, string>;
  onChange: (name: keyof PersonalValues, value: string) => void;
  onBlur: (name: keyof PersonalValues) => void;
  timeslots: { data?: PostalTimeslotsResponse; error?: unknown; isLoading: boolean };
  partner: StoredPartnerData | null;
  /** "Retrieve Myinfo with Singpass" (issue 49): the button above the form, the prefill's marks. */
  myinfo: MyinfoFlow;
  /** The AIA member check (issue 46); not offered under a corporate programme, which sets the price. */
  memberCheck?: boolean;
}

/** Step 2: the booker's details; under the postal code, the region lookup's progress. */
export function PersonalStep({
  values,
  errors,
  onChange,
  onBlur,
  timeslots,
  partner,
  myinfo,
  memberCheck = true,
}: PersonalStepProps) {
  const { t } = useTranslation();
  const marks = myinfoMarks(myinfo.person);
  const field = (name: keyof PersonalValues) => ({
    id: `${F}${name}`,
    name,
    value: values[name],
    error: errors[name] || undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
    onBlur: () => onBlur(name),
    ...myinfoFieldProps(marks, name),
  });
  const person = {
    idPrefix: F,
    values,
    errors,
    onChange: (name: keyof PersonValues, value: string | boolean) =>
      onChange(name as keyof PersonalValues, String(value)),
    onBlur: (name: keyof PersonValues) => onBlur(name as keyof PersonalValues),
    who: 'booker',
    genders: ['male', 'female'],
    myinfo: marks,
  } as const;
  const postalValid = isSixDigitPostalCode(values.postalCode.trim());
  return (
    <div className={grid({ columns: { base: 1, md: 2 }, gap: '4' })}>
      <MyinfoPanel
        flow={myinfo}
        idPrefix={F}
        name={{ firstName: values.firstName, lastName: values.lastName }}
        onNameSplit={(split) => {
          onChange('firstName', split.firstName);
          onChange('lastName', split.lastName);
        }}
      />
      {partner ? (
        <p
          className={cx(
            css({
              gridColumn: '1 / -1',
              p: '3',
              borderRadius: 'l2',
              bg: 'info.subtle',
              color: 'info.text',
              fontSize: 'sm',
            }),
          )}
        >
          {t('wizard.partnerPrefilled', { code: partner.bookingCode })}
          {partner.isPaidInWhiteCoat
            ? t('wizard.partnerPaid', { amount: money(partner.whiteCoatPaidAmount) })
            : ''}
        </p>
      ) : null}
      <PersonFields {...person} fields={BOOKER_FIELDS} />
      {/* Opt-in (issue 46): without the tick nobody is checked with the insurer; standard prices apply. */}
      {memberCheck ? (
        <MemberCheckBox
          id={`${F}aiaMemberCheck`}
          who="booker"
          checked={values.aiaMemberCheck === 'true'}
          onChange={(on) => onChange('aiaMemberCheck', on ? 'true' : '')}
        />
      ) : null}
      <div>
        <PostalCodeField {...field('postalCode')} />
        <p aria-live="polite" className={css({ mt: '1.5', fontSize: 'sm', color: 'fg.muted', minH: '5' })}>
          {postalValid && timeslots.isLoading ? t('person.checkingTimeslots') : null}
          {postalValid && !timeslots.isLoading && timeslots.data
            ? t('person.region', {
                region: t(`region.${timeslots.data.region}`, {
                  defaultValue: timeslots.data.regionName ?? timeslots.data.region,
                }),
              })
            : null}
          {postalValid && !timeslots.isLoading && timeslots.error ? (
            <span className={css({ color: 'fg.error' })}>
              {tm(errorMessage(timeslots.error, 'Failed to fetch timeslots'))}
            </span>
          ) : null}
        </p>
      </div>
      <FormField
        label={t('person.unitNumber')}
        autoComplete="address-line2"
        placeholder="#01-01"
        {...field('unitNumber')}
      />
      <div className={css({ gridColumn: { md: '1 / -1' } })}>
        <FormField label={t('person.address')} required autoComplete="street-address" {...field('address')} />
      </div>
      <PersonFields {...person} fields={['medicalConditions']} />
      <PrivacyConsent
        checked={values.privacyConsent === 'true'}
        error={errors.privacyConsent || undefined}
        onChange={(on) => onChange('privacyConsent', on ? 'true' : '')}
      />
    </div>
  );
}
