/**
 * Which fields of which events are personal data (issue 24), and whose: the event codec encrypts each
 * with its owner's data key, so erasing a person (destroying that key) shreds them in the immutable log.
 *
 * Kept clear on purpose: ids, amounts, statuses, package and slot, `region` (a coarse area derived from
 * the postal code, used by offers and reports) and `gender` (one of three values, not identifying on its
 * own, used by reports and packages).
 */
import { WORKER_EMAIL_FACT_TYPES } from './registration/events/worker-facts';

export type PersonalDataOwner = { kind: 'participant'; id: string } | { kind: 'waitlist'; id: string };

export interface PersonalField {
  /** Keys from the event's data to the string value. */
  path: readonly (string | number)[];
  owner: PersonalDataOwner;
}

/** The fields that identify a person, personal in a booking's contact and in each participant alike. */
const PERSON_PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  // Myinfo's full name as given (issue 49)
  'fullName',
  'email',
  'mobileNumber',
  'identificationNumber',
  'dateOfBirth',
] as const;

/** The primary contact's personal fields (RegistrationBooked.contact), owned by the primary participant. */
export const CONTACT_PERSONAL_FIELDS = [
  ...PERSON_PERSONAL_FIELDS,
  'postalCode',
  'unitNumber',
  'address',
  'medicalConditions',
] as const;

/** A participant's personal fields (snapshots and ParticipantUpdated.changes). */
export const PARTICIPANT_PERSONAL_FIELDS = [...PERSON_PERSONAL_FIELDS, 'aiaMemberId'] as const;

/** The waiting-list entry's personal fields (WaitlistJoined). */
export const WAITLIST_PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'postalCode',
] as const;

/** Event types with personal fields: a reader of other types needs no data key. */
export const PERSONAL_EVENT_TYPES = [
  'RegistrationBooked',
  'ParticipantAdded',
  'ParticipantUpdated',
  'WaitlistJoined',
  'ConfirmationEmailSent',
  'ReminderEmailSent',
  ...WORKER_EMAIL_FACT_TYPES,
  'InvoiceIssued',
  'CreditNoteIssued',
] as const;

const EMAIL_FACT_TYPES: ReadonlySet<string> = new Set(
  PERSONAL_EVENT_TYPES.filter((t) => t.startsWith('Email') || t.endsWith('EmailSent')),
);

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fieldsOf(
  base: readonly (string | number)[],
  obj: unknown,
  names: readonly string[],
  owner: PersonalDataOwner,
  only: ReadonlySet<string> | undefined,
): PersonalField[] {
  if (!isObject(obj)) return [];
  const out: PersonalField[] = [];
  for (const n of names) {
    if (typeof obj[n] === 'string' && (!only || only.has(n))) out.push({ path: [...base, n], owner });
  }
  return out;
}

/**
 * The personal string fields present in one event's data (null and absent fields are left out); with
 * `only`, just those whose name is in it (a read model's sealer asks for three of seventeen).
 */
export function personalFieldsOf(type: string, data: unknown, only?: ReadonlySet<string>): PersonalField[] {
  if (!isObject(data)) return [];
  switch (type) {
    case 'RegistrationBooked': {
      const participants = Array.isArray(data.participants) ? data.participants : [];
      const primary = participants.find((p) => isObject(p) && p.isPrimary) ?? participants[0];
      const out: PersonalField[] = [];
      if (isObject(primary) && typeof primary.participantId === 'string') {
        out.push(
          ...fieldsOf(
            ['contact'],
            data.contact,
            CONTACT_PERSONAL_FIELDS,
            { kind: 'participant', id: primary.participantId },
            only,
          ),
        );
      }
      participants.forEach((p, i) => {
        if (isObject(p) && typeof p.participantId === 'string') {
          out.push(
            ...fieldsOf(
              ['participants', i],
              p,
              PARTICIPANT_PERSONAL_FIELDS,
              { kind: 'participant', id: p.participantId },
              only,
            ),
          );
        }
      });
      return out;
    }
    case 'ParticipantAdded': {
      const p = data.participant;
      if (!isObject(p) || typeof p.participantId !== 'string') return [];
      return fieldsOf(
        ['participant'],
        p,
        PARTICIPANT_PERSONAL_FIELDS,
        { kind: 'participant', id: p.participantId },
        only,
      );
    }
    case 'ParticipantUpdated':
      if (typeof data.participantId !== 'string') return [];
      return fieldsOf(
        ['changes'],
        data.changes,
        PARTICIPANT_PERSONAL_FIELDS,
        { kind: 'participant', id: data.participantId },
        only,
      );
    case 'WaitlistJoined':
      if (typeof data.entryId !== 'string') return [];
      return fieldsOf([], data, WAITLIST_PERSONAL_FIELDS, { kind: 'waitlist', id: data.entryId }, only);
    case 'InvoiceIssued':
    case 'CreditNoteIssued': {
      // The document is the customer's: its name, address and attendee lines are all under the data key
      // of the order's primary participant at issue (erasure destroys the keys of everyone on the order).
      if (typeof data.customerParticipantId !== 'string') return [];
      const owner: PersonalDataOwner = { kind: 'participant', id: data.customerParticipantId };
      const lines = Array.isArray(data.lines) ? data.lines : [];
      return [
        ...fieldsOf(['customer'], data.customer, ['name', 'address'], owner, only),
        ...lines.flatMap((l, i) =>
          isObject(l) && typeof l.person === 'string' && l.person !== '' && (!only || only.has('person'))
            ? [{ path: ['lines', i, 'person'], owner }]
            : [],
        ),
      ];
    }
    default:
      // the address an email went to, under its recipient's key
      if (EMAIL_FACT_TYPES.has(type) && typeof data.recipientId === 'string') {
        // a delivery failure's reason is the SMTP server's text, which often quotes the address
        const names = type === 'EmailDeliveryFailed' ? ['to', 'reason'] : ['to'];
        return fieldsOf([], data, names, { kind: 'participant', id: data.recipientId }, only);
      }
      return [];
  }
}
