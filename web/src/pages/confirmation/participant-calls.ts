import { type ApiEnvelope, api } from '../../lib/api';
import type { DraftParticipant } from '../../public/types';
import { participantPerson } from '../booking/wizard-logic';

/** What the participant calls answer: the booking's participants re-priced, and the log position. */
export interface ParticipantChangeResult {
  registrationId: number;
  totalAmount: string;
  position: string | null;
}

/** The editable fields of a booked participant (identification number and date of birth stay as booked). */
export interface ParticipantEdit {
  firstName: string;
  lastName: string;
  gender: string;
  email: string | null;
  mobileNumber: string | null;
  packageId?: number;
  isAiaMember?: boolean;
  aiaMemberId?: string | null;
}

/** POST /api/participants: the reference number is the visitor's proof that the booking is theirs. */
export function addParticipant(booking: { id: number; referenceNumber: string }, p: DraftParticipant) {
  return api
    .post<ApiEnvelope<ParticipantChangeResult>>('/api/participants', {
      registrationId: booking.id,
      referenceNumber: booking.referenceNumber,
      ...participantPerson(p),
      email: p.email,
      mobileNumber: p.mobileNumber,
    })
    .then((r) => r.data);
}

export function updateParticipant(referenceNumber: string, id: string, changes: ParticipantEdit) {
  return api
    .put<ApiEnvelope<ParticipantChangeResult>>(`/api/participants/${encodeURIComponent(id)}`, {
      referenceNumber,
      ...changes,
    })
    .then((r) => r.data);
}

export function removeParticipant(referenceNumber: string, id: string) {
  return api
    .delete<ApiEnvelope<ParticipantChangeResult>>(`/api/participants/${encodeURIComponent(id)}`, {
      params: { referenceNumber },
    })
    .then((r) => r.data);
}
