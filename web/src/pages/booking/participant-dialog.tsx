import { errorMap, participantSchema, validate } from '@hs/domain';
import { useEffect, useRef } from 'react';
import { FormDialog } from '../../public/dialog-form';
import { toaster } from '../../components/ui/toaster';
import { focusFirstInvalid } from '../../public/form-field';
import { ParticipantFields } from '../../public/participant-fields';
import { useFormValues } from '../../public/use-form-values';
import type { DraftParticipant, EventPackage } from '../../public/types';
import { useTranslation } from '../../i18n';

interface Values {
  firstName: string;
  lastName: string;
  gender: string;
  identificationNumber: string;
  dateOfBirth: string;
  packageId: string;
  email: string;
  mobileNumber: string;
  isAiaMember: boolean;
  aiaMemberId: string;
}

const ORDER = [
  'firstName',
  'lastName',
  'gender',
  'identificationNumber',
  'dateOfBirth',
  'packageId',
  'email',
  'mobileNumber',
];
const P = 'pt-';

function initial(editing: DraftParticipant | null, defaultPackageId: number | null): Values {
  return {
    firstName: editing?.firstName ?? '',
    lastName: editing?.lastName ?? '',
    gender: editing?.gender ?? '',
    identificationNumber: editing?.identificationNumber ?? '',
    dateOfBirth: editing?.dateOfBirth ?? '',
    packageId: String(editing?.packageId ?? defaultPackageId ?? ''),
    email: editing?.email ?? '',
    mobileNumber: editing?.mobileNumber ?? '',
    isAiaMember: editing?.isAiaMember ?? false,
    aiaMemberId: editing?.aiaMemberId ?? '',
  };
}

export function participantErrors(values: Values): Record<string, string> {
  const r = validate(participantSchema, values);
  return r.ok ? {} : errorMap(r.errors);
}

export interface ParticipantDialogProps {
  open: boolean;
  editing: DraftParticipant | null;
  packages: EventPackage[];
  defaultPackageId: number | null;
  onOpenChange: (open: boolean) => void;
  onSave: (p: DraftParticipant) => void;
}

/** Add / edit one additional participant (max width 600 px). */
export function ParticipantDialog({
  open,
  editing,
  packages,
  defaultPackageId,
  onOpenChange,
  onSave,
}: ParticipantDialogProps) {
  const { t } = useTranslation();
  const form = useFormValues(() => initial(editing, defaultPackageId), participantErrors);
  const { values, errors, reset } = form;

  // Fields the user typed in: only those are checked on blur. Leaving the first, untouched field to
  // press the submit button would otherwise show its error, move the button down under the pointer,
  // and the press would miss it.
  const edited = useRef(new Set<keyof Values>());
  useEffect(() => {
    if (open) {
      reset(initial(editing, defaultPackageId));
      edited.current.clear();
    }
  }, [open, editing, defaultPackageId, reset]);

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    edited.current.add(name);
    form.set(name, value);
  };
  const blur = (name: keyof Values) => {
    if (!edited.current.has(name) && !errors[name]) return;
    form.check(name);
  };
  function submit() {
    const r = validate(participantSchema, values);
    if (!r.ok) {
      const map = errorMap(r.errors);
      form.setErrors(map);
      focusFirstInvalid(map, ORDER, P);
      return;
    }
    const pkg = packages.find((p) => p.id === r.value.packageId);
    if (!pkg) {
      toaster.create({ title: t('common.error'), description: t('msg.packageNotFound'), type: 'error' });
      return;
    }
    onSave({
      clientId: editing?.clientId ?? `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      firstName: r.value.firstName,
      lastName: r.value.lastName,
      gender: r.value.gender,
      identificationNumber: r.value.identificationNumber,
      dateOfBirth: r.value.dateOfBirth,
      packageId: pkg.id,
      isAiaMember: r.value.isAiaMember,
      aiaMemberId: r.value.isAiaMember ? (r.value.aiaMemberId ?? r.value.identificationNumber) : null,
      email: r.value.email,
      mobileNumber: r.value.mobileNumber,
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('review.editParticipant') : t('review.addParticipant')}
      description={t('review.participantHint')}
      id="participant-form"
      onSubmit={submit}
      submitLabel={editing ? t('review.updateParticipant') : t('review.addParticipant')}
    >
      <ParticipantFields
        idPrefix={P}
        fields={['firstName', 'lastName', 'gender', 'identificationNumber', 'dateOfBirth']}
        values={values}
        errors={errors}
        packages={packages}
        onChange={(name, value) => set(name as keyof Values, value as never)}
        onBlur={(name) => blur(name as keyof Values)}
        optional={['email', 'mobileNumber']}
        dateOfBirthPicker
      />
    </FormDialog>
  );
}
