import {
  CANCEL_MESSAGES,
  MANAGE_ACCESS_MESSAGES,
  type ManageProof,
  referenceLookupSchema,
  validate,
} from '@hs/domain';
import { useRef, useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { toaster } from '../../components/ui/toaster';
import { FindAppointmentCard, referenceFieldProps } from '../../public/find-appointment';
import { FormField } from '../../public/form-field';
import type { RegistrationLookup } from '../../public/types';
import { manageReadFailure, readForManage } from './manage-api';

/**
 * 'Find Your Appointment' on the manage page (issue 46): the reference plus a second check, the
 * booking's date of birth (the reference alone is read aloud at desks; its email is no check, the
 * spec's lookup shows it). `notice`: why the
 * page asks (a manage link that did not open the booking).
 */
export function ManageFind({
  initialReference = '',
  notice,
  onFound,
}: {
  initialReference?: string;
  notice?: string | null;
  onFound: (registration: RegistrationLookup, proof: ManageProof) => void;
}) {
  const { t } = useTranslation();
  const [reference, setReference] = useState(initialReference);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [errors, setErrors] = useState<{ reference?: string; secondCheck?: string }>({});
  const [lookupError, setLookupError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const referenceRef = useRef<HTMLInputElement>(null);
  const birthRef = useRef<HTMLInputElement>(null);

  async function lookUp() {
    const r = validate(referenceLookupSchema, { referenceNumber: reference });
    // The date of birth: the email is no check, the lookup by reference shows it (issue 46).
    const secondCheck = dateOfBirth.trim() ? undefined : MANAGE_ACCESS_MESSAGES.secondCheckRequired;
    setErrors({ reference: r.ok ? undefined : r.message, secondCheck });
    if (!r.ok || secondCheck) {
      (r.ok ? birthRef : referenceRef).current?.focus();
      return;
    }
    setLookupError(undefined);
    setLoading(true);
    const proof: ManageProof = { dateOfBirth };
    try {
      const res = await readForManage(r.value.referenceNumber, proof);
      onFound(res.data, proof);
    } catch (error) {
      const message = manageReadFailure(error);
      setLookupError(message);
      toaster.create({ title: t('manage.lookupFailed'), description: tm(message), type: 'error' });
    } finally {
      setLoading(false);
    }
  }

  const alert = lookupError ?? notice;
  return (
    <FindAppointmentCard
      hint={t('manage.secondCheckHint')}
      alert={tm(alert ?? undefined)}
      loading={loading}
      onLookUp={lookUp}
    >
      <FormField
        ref={referenceRef}
        {...referenceFieldProps(t)}
        value={reference}
        error={errors.reference}
        onChange={(e) => setReference(e.target.value)}
        onBlur={() => {
          if (!reference.trim()) setErrors((x) => ({ ...x, reference: CANCEL_MESSAGES.reference }));
        }}
      />
      <fieldset className={css({ display: 'grid', gap: '3', minW: '0' })}>
        <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>
          {t('manage.secondCheckLegend')}
        </legend>
        <FormField
          ref={birthRef}
          id="manageDateOfBirth"
          name="dateOfBirth"
          type="date"
          label={t('person.dateOfBirth')}
          required
          autoComplete="bday"
          value={dateOfBirth}
          error={errors.secondCheck}
          onChange={(e) => setDateOfBirth(e.target.value)}
        />
      </fieldset>
    </FindAppointmentCard>
  );
}
