import { errorMap, parseDateOfBirth, participantsPageSchema, validate } from '@hs/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { FormDialog } from '../../public/dialog-form';
import { focusFirstInvalid } from '../../public/form-field';
import { clearedValues, type MyinfoFlow, MyinfoPanel, myinfoMarks, prefillValues } from '../../public/myinfo';
import { PersonFields } from '../../public/person-fields';
import { useFormValues } from '../../public/use-form-values';
import type { PageParticipant } from '../participants-booking';

export interface FormValues {
  firstName: string;
  lastName: string;
  gender: '' | 'Male' | 'Female';
  email: string;
  mobileNumber: string;
  identificationNumber: string;
  dateOfBirth: string;
  isAiaMember: boolean;
  aiaMemberId: string;
  isPrimary: boolean;
}

const EMPTY: FormValues = {
  firstName: '',
  lastName: '',
  gender: '',
  email: '',
  mobileNumber: '',
  identificationNumber: '',
  dateOfBirth: '',
  isAiaMember: false,
  aiaMemberId: '',
  isPrimary: false,
};

const ORDER = [
  'firstName',
  'lastName',
  'gender',
  'email',
  'mobileNumber',
  'identificationNumber',
  'dateOfBirth',
] as const;
const P = 'pp-';

export function participantErrors(values: FormValues): Record<string, string> {
  const r = validate(participantsPageSchema, values);
  return r.ok ? {} : errorMap(r.errors);
}

function toForm(p: PageParticipant): FormValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    email: p.email ?? '',
    mobileNumber: p.mobileNumber,
    identificationNumber: p.identificationNumber,
    dateOfBirth: p.dateOfBirth,
    isAiaMember: p.isAiaMember,
    aiaMemberId: p.aiaMemberId ?? '',
    isPrimary: p.isPrimary,
  };
}

/** A stored participant's handle still holds while their identity is as Myinfo gave it. */
function keptHandle(
  editing: PageParticipant | null,
  saved: { identificationNumber: string; dateOfBirth: string },
) {
  if (!editing?.myinfoHandle) return undefined;
  const same =
    editing.identificationNumber === saved.identificationNumber && editing.dateOfBirth === saved.dateOfBirth;
  return same ? editing.myinfoHandle : undefined;
}

export interface ParticipantFormProps {
  open: boolean;
  editing: PageParticipant | null;
  /** The form is for the primary contact (email shown and required). */
  primary: boolean;
  /** What the form showed when the person left for Singpass (issue 49), put back on return. */
  restored: FormValues | null;
  /** The form's values as they change: the page saves them before leaving for Singpass. */
  valuesRef: React.MutableRefObject<FormValues | null>;
  myinfo: MyinfoFlow;
  onOpenChange: (open: boolean) => void;
  onSave: (values: Omit<PageParticipant, 'id' | 'packageId'>) => void;
}

/** The participants page's add / edit form, with "Retrieve Myinfo with Singpass" above it. */
export function ParticipantForm({
  open,
  editing,
  primary,
  restored,
  valuesRef,
  myinfo,
  onOpenChange,
  onSave,
}: ParticipantFormProps) {
  const { t } = useTranslation();
  const form = useFormValues<FormValues>(() => EMPTY, participantErrors);
  const { values, errors, reset } = form;
  valuesRef.current = open ? values : null;
  useEffect(() => {
    if (!open) return;
    reset(restored ?? (editing ? toForm(editing) : { ...EMPTY, isPrimary: primary }));
  }, [open, editing, primary, restored, reset]);

  // Myinfo's values over the form once the prefill has arrived (after the form was restored)
  const applied = useRef<string | null>(null);
  const person = myinfo.person;
  useEffect(() => {
    if (!person || applied.current === person.handle) return;
    applied.current = person.handle;
    const filled = prefillValues(person, { date: 'dmy', gender: (g) => (g === 'male' ? 'Male' : 'Female') });
    reset({ ...(valuesRef.current ?? EMPTY), ...(filled as Partial<FormValues>) });
  }, [person, reset, valuesRef]);

  const clear = () => {
    if (person) reset({ ...values, ...(clearedValues(person) as Partial<FormValues>) });
    applied.current = null;
    myinfo.clear();
  };

  function submit() {
    const r = validate(participantsPageSchema, values);
    if (!r.ok) {
      const map = errorMap(r.errors);
      form.setErrors(map);
      focusFirstInvalid(map, ORDER, P);
      return;
    }
    const dob = parseDateOfBirth(r.value.dateOfBirth);
    const identity = {
      identificationNumber: r.value.identificationNumber.toUpperCase(),
      dateOfBirth: dob.ok ? dob.value : r.value.dateOfBirth,
    };
    const myinfoHandle = myinfo.handle ?? keptHandle(editing, identity);
    onSave({
      firstName: r.value.firstName,
      lastName: r.value.lastName,
      gender: r.value.gender as 'Male' | 'Female',
      email: r.value.email || null,
      mobileNumber: r.value.mobileNumber,
      ...identity,
      isAiaMember: r.value.isAiaMember,
      aiaMemberId: r.value.aiaMemberId ?? null,
      isPrimary: values.isPrimary,
      ...(myinfoHandle ? { myinfoHandle } : {}),
    });
  }

  const fields = [...ORDER.filter((name) => name !== 'email' || values.isPrimary), 'isAiaMember'] as const;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        editing ? t('review.editParticipant') : primary ? t('pp.addPrimary') : t('review.addParticipant')
      }
      description={t('pp.idHint')}
      id="participants-page-form"
      onSubmit={submit}
      submitLabel={editing ? t('review.updateParticipant') : t('pp.save')}
    >
      <MyinfoPanel
        flow={{ ...myinfo, clear }}
        idPrefix={P}
        name={{ firstName: values.firstName, lastName: values.lastName }}
        onNameSplit={(split) => reset({ ...values, ...split })}
      />
      <PersonFields
        idPrefix={P}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(name, value) => form.set(name as keyof FormValues, value as never)}
        onBlur={(name) => form.check(name as keyof FormValues)}
        who="participant"
        genders={['Male', 'Female']}
        myinfo={myinfoMarks(person, fields)}
      />
    </FormDialog>
  );
}
