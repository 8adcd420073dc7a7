/** A party as the front desk sees it (issue 23), from the order's stream or its read-model row. */
import type { AttendeeParty } from '@hs/contracts';
import {
  type CheckInMark,
  type ParticipantSnapshot,
  type RegistrationState,
  outstandingCents,
  toMoneyString,
} from '@hs/domain';
import type { OrderRow } from '@hs/read-models';
import { outstanding } from '../booking/lookup';

interface PartyParts {
  registrationId: number;
  referenceNumber: string;
  status: string;
  balanceDueCents: number;
  date: string;
  time: string;
  contactName: string;
  participants: readonly ParticipantSnapshot[];
  checkIns: Readonly<Record<string, CheckInMark>>;
  noShows: ReadonlySet<string>;
}

function party(p: PartyParts): AttendeeParty {
  return {
    registrationId: p.registrationId,
    referenceNumber: p.referenceNumber,
    status: p.status,
    paymentStatus: p.balanceDueCents > 0 ? 'balance_due' : 'paid',
    balanceDue: toMoneyString(p.balanceDueCents),
    date: p.date,
    time: p.time,
    contactName: p.contactName,
    people: p.participants.map((x) => ({
      participantId: x.participantId,
      name: `${x.firstName} ${x.lastName}`.trim(),
      packageName: x.packageName,
      isPrimary: x.isPrimary,
      checkedInAt: p.checkIns[x.participantId]?.at ?? null,
      checkedInBy: p.checkIns[x.participantId]?.by ?? null,
      noShow: p.noShows.has(x.participantId),
    })),
  };
}

/** The party right after a check-in: from the stream, which the read model may not have caught up with. */
export function partyFromState(
  registrationId: number,
  state: RegistrationState,
  slot: { date: string; time: string },
): AttendeeParty {
  return party({
    registrationId,
    referenceNumber: state.referenceNumber!,
    status: state.status!,
    balanceDueCents: outstandingCents(state),
    ...slot,
    contactName: `${state.contact?.firstName ?? ''} ${state.contact?.lastName ?? ''}`.trim(),
    participants: state.participants,
    checkIns: state.checkIns,
    // marked no-show once: everyone not checked in by the end of the day
    noShows: new Set(
      state.noShowMarked
        ? state.participants.map((x) => x.participantId).filter((id) => !state.checkIns[id])
        : [],
    ),
  });
}

/** The party on the attendee sheet, from the orders read model. */
export function partyFromOrder(o: OrderRow): AttendeeParty {
  return party({
    registrationId: o.registrationId,
    referenceNumber: o.referenceNumber,
    status: o.status,
    balanceDueCents: outstanding(o),
    date: o.timeslotDate ?? '',
    time: o.timeslotTime ?? '',
    contactName: `${o.firstName} ${o.lastName}`.trim(),
    participants: o.participants,
    checkIns: o.checkIns,
    noShows: new Set(o.noShows),
  });
}
