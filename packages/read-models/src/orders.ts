import type { TransactionSql } from '@hs/db';
import type { ParticipantSnapshot, PriceBreakdown, RegistrationEvent } from '@hs/domain';
import { type RecordedEvent, defineProjection } from '@hs/eventstore';

export const REGISTRATION_STREAM_PREFIX = 'registration-';

export function registrationStreamId(registrationId: number | string): string {
  return `${REGISTRATION_STREAM_PREFIX}${registrationId}`;
}

export function registrationIdOf(streamId: string): number {
  return Number(streamId.slice(REGISTRATION_STREAM_PREFIX.length));
}

type Data<T extends RegistrationEvent['type']> = Extract<RegistrationEvent, { type: T }>['data'];
const data = <T extends RegistrationEvent['type']>(event: RecordedEvent) => event.data as Data<T>;

async function setPricing(
  tx: TransactionSql,
  event: RecordedEvent,
  pricing: PriceBreakdown,
  participants?: ParticipantSnapshot[],
) {
  const id = registrationIdOf(event.streamId);
  await tx`
    update orders set pricing = ${tx.json(pricing as never)}, total_cents = ${pricing.totalCents},
      discount_cents = ${pricing.discountCents}, member_discount_cents = ${pricing.memberDiscountCents},
      partner_paid_cents = ${pricing.partnerPaidCents}, balance_due_cents = ${pricing.balanceDueCents},
      ${participants ? tx`participants = ${tx.json(participants as never)}, participant_count = ${participants.length},` : tx``}
      updated_at = ${event.recordedAt}
    where registration_id = ${id}`;
}

async function participantsOf(tx: TransactionSql, id: number): Promise<ParticipantSnapshot[]> {
  const [row] = await tx<
    { participants: ParticipantSnapshot[] }[]
  >`select participants from orders where registration_id = ${id}`;
  return row?.participants ?? [];
}

/** The orders read model: one row per registration, names and prices as booked. */
export const ordersProjection = defineProjection({
  name: 'orders',
  tables: ['orders', 'order_participants'],
  handlers: {
    RegistrationBooked: async (tx, event) => {
      const d = data<'RegistrationBooked'>(event);
      const id = registrationIdOf(event.streamId);
      const primary = d.participants.find((p) => p.isPrimary) ?? d.participants[0]!;
      const [place] = await tx<{ location: string | null; date: string | null; time: string | null }[]>`
          select e.location, to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.time, 'HH24:MI') as time
          from screening_events e left join timeslots t on t.id = ${d.timeslotId}
          where e.id = ${d.eventId}`;
      const c = d.contact;
      await tx`
          insert into orders ${tx({
            registration_id: id,
            reference_number: d.referenceNumber,
            status: d.status,
            event_id: d.eventId,
            event_name: d.eventName,
            location: place?.location ?? null,
            package_id: d.packageId,
            package_name: primary.packageName,
            package_price_cents: primary.packagePriceCents,
            timeslot_id: d.timeslotId,
            timeslot_date: place?.date ?? null,
            timeslot_time: place?.time ?? null,
            first_name: c.firstName,
            last_name: c.lastName,
            email: c.email,
            mobile_number: c.mobileNumber,
            gender: c.gender,
            identification_number: c.identificationNumber,
            date_of_birth: c.dateOfBirth,
            postal_code: c.postalCode,
            unit_number: c.unitNumber,
            address: c.address,
            region: c.region,
            medical_conditions: c.medicalConditions,
            is_aia_member: primary.memberVerified,
            participant_count: d.participants.length,
            participants: tx.json(d.participants as never),
            discount_code: d.discount?.code ?? null,
            discount_label: d.discount?.label ?? null,
            discount_identifier_id: d.discount?.discountIdentifierId ?? null,
            pricing: tx.json(d.pricing as never),
            total_cents: d.pricing.totalCents,
            discount_cents: d.pricing.discountCents,
            member_discount_cents: d.pricing.memberDiscountCents,
            partner_paid_cents: d.pricing.partnerPaidCents,
            balance_due_cents: d.pricing.balanceDueCents,
            wc_booking_code: d.partner?.bookingCode ?? null,
            created_at: event.recordedAt,
            updated_at: event.recordedAt,
          } as never)}
          on conflict (registration_id) do nothing`;
      for (const p of d.participants) {
        await tx`insert into order_participants (participant_id, registration_id) values (${p.participantId}, ${id})
                   on conflict do nothing`;
      }
    },
    ParticipantAdded: async (tx, event) => {
      const d = data<'ParticipantAdded'>(event);
      const id = registrationIdOf(event.streamId);
      await setPricing(tx, event, d.pricing, [...(await participantsOf(tx, id)), d.participant]);
      await tx`insert into order_participants (participant_id, registration_id) values (${d.participant.participantId}, ${id})
                 on conflict do nothing`;
    },
    ParticipantUpdated: async (tx, event) => {
      const d = data<'ParticipantUpdated'>(event);
      const id = registrationIdOf(event.streamId);
      const participants = (await participantsOf(tx, id)).map((p) =>
        p.participantId === d.participantId ? { ...p, ...d.changes } : p,
      );
      await setPricing(tx, event, d.pricing, participants);
    },
    ParticipantRemoved: async (tx, event) => {
      const d = data<'ParticipantRemoved'>(event);
      const id = registrationIdOf(event.streamId);
      const participants = (await participantsOf(tx, id)).filter((p) => p.participantId !== d.participantId);
      await setPricing(tx, event, d.pricing, participants);
      await tx`delete from order_participants where participant_id = ${d.participantId}`;
    },
    PrimaryParticipantChanged: async (tx, event) => {
      const d = data<'PrimaryParticipantChanged'>(event);
      const id = registrationIdOf(event.streamId);
      const participants = (await participantsOf(tx, id)).map((p) => ({
        ...p,
        isPrimary: p.participantId === d.to,
      }));
      await tx`update orders set participants = ${tx.json(participants as never)}, updated_at = ${event.recordedAt}
                 where registration_id = ${id}`;
    },
    DiscountApplied: async (tx, event) => {
      const d = data<'DiscountApplied'>(event);
      const id = registrationIdOf(event.streamId);
      await tx`update orders set discount_code = ${d.discount.code}, discount_label = ${d.discount.label},
                   discount_identifier_id = ${d.discount.discountIdentifierId} where registration_id = ${id}`;
      await setPricing(tx, event, d.pricing);
    },
    PaymentRecorded: async (tx, event) => {
      const d = data<'PaymentRecorded'>(event);
      await tx`update orders set paid_cents = paid_cents + ${d.amountCents}, transaction_id = ${d.transactionId},
                   payment_method = ${d.method}, updated_at = ${event.recordedAt}
                 where registration_id = ${registrationIdOf(event.streamId)}`;
    },
    StatusChanged: async (tx, event) => {
      const d = data<'StatusChanged'>(event);
      await tx`update orders set status = ${d.to}, updated_at = ${event.recordedAt}
                 where registration_id = ${registrationIdOf(event.streamId)}`;
    },
    RegistrationCancelled: async (tx, event) => {
      await tx`update orders set status = 'cancelled', cancelled_at = ${event.recordedAt}, updated_at = ${event.recordedAt}
                 where registration_id = ${registrationIdOf(event.streamId)}`;
    },
    ConfirmationEmailSent: async (tx, event) => {
      await tx`update orders set confirmation_email_sent = true where registration_id = ${registrationIdOf(event.streamId)}`;
    },
  },
});
