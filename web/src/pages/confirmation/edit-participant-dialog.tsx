import { BOOKING_MESSAGES, errorMap, participantSchema, validate } from '@hs/domain';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import * as v from 'valibot';
import { FormDialog } from '../../public/dialog-form';
import { focusFirstInvalid } from '../../public/form-field';
import { ParticipantFields } from '../../public/participant-fields';
import { useFormValues } from '../../public/use-form-values';
import type { BookedParticipant, EventPackage } from '../../public/types';
import type { ParticipantEdit } from './participant-calls';

/** The fields PUT /api/participants/{id} takes from a visitor, with the booking page's messages. */
const editSchema = v.pick(participantSchema, [
  'firstName',
  'lastName',
  'gender',
  'packageId',
  'email',
  'mobileNumber',
  'isAiaMember',
  'aiaMemberId',
]);

interface Values {
  firstName: string;
  lastName: string;
  gender: string;
  email: string;
  mobileNumber: string;
  packageId: string;
  isAiaMember: boolean;
  aiaMemberId: string;
}

const ORDER = ['firstName', 'lastName', 'gender', 'packageId', 'email', 'mobileNumber'];
const P = 'ep-';

function initial(p: BookedParticipant | null): Values {
  return {
    firstName: p?.firstName ?? '',
    lastName: p?.lastName ?? '',
    gender: p?.gender ?? '',
    email: p?.email ?? '',
    mobileNumber: p?.mobileNumber ?? '',
    packageId: p ? String(p.packageId) : '',
    isAiaMember: p?.isAiaMember ?? false,
    aiaMemberId: '',
  };
}

/** The messages of the edit form; the primary contact keeps an email (the booking's contact). */
export function editErrors(values: Values, primary: boolean): Record<string, string> {
  const r = validate(editSchema, values);
  const errors = r.ok ? {} : errorMap(r.errors);
  if (primary && !values.email.trim()) return { ...errors, email: BOOKING_MESSAGES.email };
  return errors;
}

export interface EditParticipantDialogProps {
  participant: BookedParticipant | null;
  packages: readonly EventPackage[];
  saving: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (changes: ParticipantEdit) => void;
}

/**
 * Edit a booked participant: name, gender, contact, package and membership. The identification number
 * and date of birth stay as booked (the public answers never carry them back).
 */
export function EditParticipantDialog({
  participant,
  packages,
  saving,
  onOpenChange,
  onSave,
}: EditParticipantDialogProps) {
  const { t } = useTranslation();
  const primary = participant?.isPrimary ?? false;
  const form = useFormValues(
    () => initial(participant),
    (next) => editErrors(next, primary),
  );
  const { values, errors, set, reset } = form;
  useEffect(() => {
    if (!participant) return;
    reset(initial(participant));
  }, [participant, reset]);

  function submit() {
    if (!participant) return;
    const errs = editErrors(values, primary);
    if (Object.keys(errs).length > 0) {
      form.setErrors(errs);
      focusFirstInvalid(errs, ORDER, P);
      return;
    }
    const packageId = Number(values.packageId);
    onSave({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      gender: values.gender,
      email: values.email.trim() || null,
      mobileNumber: values.mobileNumber.trim() || null,
      // Only a changed package or membership: the server prices it again and asks the insurer.
      ...(packageId !== participant.packageId ? { packageId } : {}),
      ...(values.isAiaMember !== participant.isAiaMember || values.aiaMemberId.trim()
        ? {
            isAiaMember: values.isAiaMember,
            aiaMemberId: values.isAiaMember ? values.aiaMemberId.trim() || null : null,
          }
        : {}),
    });
  }

  return (
    <FormDialog
      open={participant !== null}
      onOpenChange={onOpenChange}
      title={t('review.editParticipant')}
      description={t('parts.editText')}
      id="edit-participant-form"
      onSubmit={submit}
      submitLabel={t('review.updateParticipant')}
      saving={saving}
      savingLabel={t('parts.saving')}
    >
      <ParticipantFields
        idPrefix={P}
        fields={['firstName', 'lastName', 'gender']}
        values={values}
        errors={errors}
        packages={packages}
        onChange={(name, value) => set(name as keyof Values, value as never)}
        optional={primary ? ['mobileNumber'] : ['email', 'mobileNumber']}
      />
    </FormDialog>
  );
}
