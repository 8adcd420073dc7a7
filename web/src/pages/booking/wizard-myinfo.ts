import type { Dispatch, SetStateAction } from 'react';
import { clearedValues, type MyinfoFlow, prefillValues, useMyinfo } from '../../public/myinfo';
import type { PersonalValues } from './wizard-logic';

/** What the wizard keeps while the person is at Singpass: where they were and what they had entered. */
interface WizardSaved {
  step: number;
  packageId: number | null;
  personal: PersonalValues;
}

/**
 * "Retrieve Myinfo with Singpass" on step 2 (issue 49): the wizard comes back on the same step with
 * the package and details as they were, then Myinfo's values over them. A new identity is checked with
 * the insurer again (`onIdentityChanged`).
 */
export function useWizardMyinfo(input: {
  eventId: number;
  step: number;
  packageId: number | null;
  personal: PersonalValues;
  setStep: (step: number) => void;
  setPackageId: (id: number | null) => void;
  setPersonal: Dispatch<SetStateAction<PersonalValues>>;
  onIdentityChanged: () => void;
}): MyinfoFlow {
  return useMyinfo<WizardSaved>({
    form: `wizard:${input.eventId}`,
    snapshot: () => ({ step: input.step, packageId: input.packageId, personal: input.personal }),
    restore: (saved) => {
      input.setStep(saved.step);
      input.setPackageId(saved.packageId);
      input.setPersonal((p) => ({ ...p, ...saved.personal }));
    },
    apply: (person) => {
      input.setPersonal((p) => ({
        ...p,
        ...(prefillValues(person, { date: 'dmy', gender: (g) => g }) as Partial<PersonalValues>),
      }));
      input.onIdentityChanged();
    },
    unapply: (person) => {
      input.setPersonal((p) => ({ ...p, ...(clearedValues(person) as Partial<PersonalValues>) }));
      input.onIdentityChanged();
    },
  });
}
