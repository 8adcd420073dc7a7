import type { TransactionSql } from '@hs/db';
import {
  type ParticipantSnapshot,
  type PriceBreakdown,
  type RegistrationEvent,
  REGISTRATION_STATUS_EVENT_TYPES,
  isGatewayPaymentMethod,
  paymentMethodGroup,
  registrationIdOf,
} from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import { sealForReadModel } from '@hs/privacy';
import { defineBatchProjection } from './batch-projection';
import { scrubPersonal } from './erasure';

type Data<T extends RegistrationEvent['type']> = Extract<RegistrationEvent, { type: T }>['data'];
const data = <T extends RegistrationEvent['type']>(event: RecordedEvent) => event.data as Data<T>;

/** The `orders` row a RegistrationBooked inserts, but location, date and time (joined in SQL). */
function bookedRow(event: RecordedEvent): Record<string, unknown> {
  const d = data<'RegistrationBooked'>(event);
  const primary = d.participants.find((p) => p.isPrimary) ?? d.participants[0]!;
  const c = d.contact;
  return {
    registration_id: registrationIdOf(event.streamId),
    reference_number: d.referenceNumber,
    status: d.status,
    event_id: d.eventId,
    event_name: d.eventName,
    package_id: d.packageId,
    package_name: primary.packageName,
    package_price_cents: primary.packagePriceCents,
    timeslot_id: d.timeslotId,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    mobile_number: c.mobileNumber,
    gender: c.gender,
    identification_number: c.identificationNumber,
    identification_number_masked: (c as { identificationMasked?: string }).identificationMasked ?? null,
    identification_number_hash: (c as { identificationHash?: string | null }).identificationHash ?? null,
    date_of_birth: c.dateOfBirth,
    postal_code: c.postalCode,
    unit_number: c.unitNumber,
    address: c.address,
    region: c.region,
    medical_conditions: c.medicalConditions,
    is_aia_member: primary.memberVerified,
    participant_count: d.participants.length,
    participants: d.participants,
    discount_code: d.discount?.code ?? null,
    discount_label: d.discount?.label ?? null,
    discount_identifier_id: d.discount?.discountIdentifierId ?? null,
    pricing: d.pricing,
    total_cents: d.pricing.totalCents,
    discount_cents: d.pricing.discountCents,
    member_discount_cents: d.pricing.memberDiscountCents,
    partner_paid_cents: d.pricing.partnerPaidCents,
    balance_due_cents: d.pricing.balanceDueCents,
    wc_booking_code: d.partner?.bookingCode ?? null,
    hold_until: d.holdUntil ?? null,
    programme_id: d.corporate?.programmeId ?? null,
    employee_id: d.corporate?.employeeId ?? null,
    employee_hash: d.corporate?.employeeHash ?? null,
    company_paid_cents: d.pricing.companyPaidCents ?? 0,
    share_name: d.corporate?.shareName ?? false,
    created_at: event.recordedAt,
    updated_at: event.recordedAt,
  };
}

function pricingPatch(pricing: PriceBreakdown): Record<string, unknown> {
  return {
    pricing,
    total_cents: pricing.totalCents,
    discount_cents: pricing.discountCents,
    member_discount_cents: pricing.memberDiscountCents,
    partner_paid_cents: pricing.partnerPaidCents,
    company_paid_cents: pricing.companyPaidCents ?? 0,
    balance_due_cents: pricing.balanceDueCents,
  };
}

const PARTICIPANT_LIST_EVENTS = new Set([
  'ParticipantAdded',
  'ParticipantUpdated',
  'ParticipantRemoved',
  'PrimaryParticipantChanged',
]);

/** One refund as the `orders.refunds` list keeps it (OrderRefund in order-reader.ts). */
function refundEntry(event: RecordedEvent): Record<string, unknown> {
  const d = data<'RefundRecorded'>(event);
  return {
    id: d.refundId,
    amountCents: d.amountCents,
    kind: d.kind,
    gatewayTransactionId: d.gatewayTransactionId,
    reason: d.reason,
    at: d.at,
  };
}

/** One registration's changes to an existing `orders` row, folded over the batch (later wins). */
interface OrderPatch {
  fields: Record<string, unknown>;
  paidAdd: number;
  /** Of paidAdd, what came through the card gateway (what Refund… can give back). */
  cardPaidAdd: number;
  /** paidAdd by payment method group (issue 48). */
  paidByMethodAdd: Record<string, number>;
  /** Refunds to append to the row's list, oldest first. */
  refundsAdd: Record<string, unknown>[];
  /** Check-ins to merge into the row's map (participant id -> { at, by }). */
  checkInsAdd: Record<string, { at: string; by: string }>;
  /** Check-ins taken back (issue 45): removed from the row's map before the batch's additions merge in. */
  checkInsRemove: string[];
  /** The participant list the next event changes: the row's, then as the batch changes it. */
  participants: ParticipantSnapshot[];
}

/**
 * A batch in at most three statements: the participant lists of orders whose participants change
 * (only then), then one insert of every booked order (location, date and time joined in SQL) and one
 * update of every other change (jsonb_populate_record keeps the fields a registration's events do not
 * set; a reschedule's new slot date and time joined in SQL too), sent together, in the end state the
 * events reach applied one at a time. A single event is a batch of one (see defineBatchProjection).
 */
async function applyOrdersBatch(tx: TransactionSql, decoded: RecordedEvent[]) {
  // Identification numbers, dates of birth and medical conditions go in sealed (issue 24).
  const events = await sealForReadModel(tx, decoded);
  const listed = [
    ...new Set(
      events.filter((e) => PARTICIPANT_LIST_EVENTS.has(e.type)).map((e) => registrationIdOf(e.streamId)),
    ),
  ];
  const stored = new Map<number, ParticipantSnapshot[]>();
  if (listed.length > 0) {
    const rows = await tx<{ registration_id: string; participants: ParticipantSnapshot[] }[]>`
      select registration_id, participants from orders
      where registration_id = any(${listed}::bigint[])`;
    for (const r of rows) stored.set(Number(r.registration_id), r.participants);
  }

  const booked: Record<string, unknown>[] = [];
  /** Orders whose personal data this batch erases (issue 24), with when. */
  const erased = new Map<number, string>();
  const patches = new Map<number, OrderPatch>();
  const patchOf = (id: number): OrderPatch => {
    let p = patches.get(id);
    if (!p) {
      p = {
        fields: {},
        paidAdd: 0,
        cardPaidAdd: 0,
        paidByMethodAdd: {},
        refundsAdd: [],
        checkInsAdd: {},
        checkInsRemove: [],
        participants: stored.get(id) ?? [],
      };
      patches.set(id, p);
    }
    return p;
  };
  const setPricing = (
    p: OrderPatch,
    event: RecordedEvent,
    pricing: PriceBreakdown,
    participants?: ParticipantSnapshot[],
  ) => {
    Object.assign(p.fields, pricingPatch(pricing));
    if (participants) {
      p.participants = participants;
      Object.assign(p.fields, { participants, participant_count: participants.length });
    }
    p.fields.updated_at = event.recordedAt;
  };

  for (const event of events) {
    const id = registrationIdOf(event.streamId);
    switch (event.type) {
      case 'RegistrationBooked': {
        const d = data<'RegistrationBooked'>(event);
        booked.push(bookedRow(event));
        // The insert does nothing when the row exists; otherwise the booked list is the one to change.
        if (!stored.has(id) && !patches.has(id)) patchOf(id).participants = d.participants;
        break;
      }
      case 'ParticipantAdded': {
        const d = data<'ParticipantAdded'>(event);
        const p = patchOf(id);
        setPricing(p, event, d.pricing, [...p.participants, d.participant]);
        break;
      }
      case 'ParticipantUpdated': {
        const d = data<'ParticipantUpdated'>(event);
        const p = patchOf(id);
        const participants = p.participants.map((x) =>
          x.participantId === d.participantId ? { ...x, ...d.changes } : x,
        );
        setPricing(p, event, d.pricing, participants);
        break;
      }
      case 'ParticipantRemoved': {
        const d = data<'ParticipantRemoved'>(event);
        const p = patchOf(id);
        setPricing(
          p,
          event,
          d.pricing,
          p.participants.filter((x) => x.participantId !== d.participantId),
        );
        break;
      }
      case 'PrimaryParticipantChanged': {
        const d = data<'PrimaryParticipantChanged'>(event);
        const p = patchOf(id);
        p.participants = p.participants.map((x) => ({ ...x, isPrimary: x.participantId === d.to }));
        Object.assign(p.fields, { participants: p.participants, updated_at: event.recordedAt });
        break;
      }
      case 'DiscountApplied': {
        const d = data<'DiscountApplied'>(event);
        const p = patchOf(id);
        Object.assign(p.fields, {
          discount_code: d.discount.code,
          discount_label: d.discount.label,
          discount_identifier_id: d.discount.discountIdentifierId,
        });
        setPricing(p, event, d.pricing);
        break;
      }
      case 'PaymentRecorded': {
        const d = data<'PaymentRecorded'>(event);
        const p = patchOf(id);
        p.paidAdd += d.amountCents;
        if (isGatewayPaymentMethod(d.method)) p.cardPaidAdd += d.amountCents;
        const group = paymentMethodGroup(d.method);
        p.paidByMethodAdd[group] = (p.paidByMethodAdd[group] ?? 0) + d.amountCents;
        // A payment ends the hold: only an order with nothing paid expires.
        Object.assign(p.fields, {
          transaction_id: d.transactionId,
          payment_method: d.method,
          hold_until: null,
          updated_at: event.recordedAt,
        });
        break;
      }
      case 'StatusChanged': {
        const { to, reinstatedCents } = data<'StatusChanged'>(event);
        // The hold shows only while the order awaits payment.
        Object.assign(patchOf(id).fields, {
          status: to,
          ...(to === 'pending_payment' ? {} : { hold_until: null }),
          ...(reinstatedCents === undefined ? {} : { reinstated_cents: reinstatedCents }),
          updated_at: event.recordedAt,
        });
        break;
      }
      case 'RegistrationCancelled':
        Object.assign(patchOf(id).fields, {
          status: 'cancelled',
          cancelled_at: event.recordedAt,
          hold_until: null,
          refund_review: data<'RegistrationCancelled'>(event).needsRefundReview === true,
          updated_at: event.recordedAt,
        });
        break;
      case 'RegistrationExpired':
        Object.assign(patchOf(id).fields, {
          status: 'expired',
          expired_at: data<'RegistrationExpired'>(event).at,
          hold_until: null,
          updated_at: event.recordedAt,
        });
        break;
      case 'RegistrationRevived':
        Object.assign(patchOf(id).fields, {
          status: 'pending_payment',
          expired_at: null,
          hold_until: data<'RegistrationRevived'>(event).holdUntil,
          updated_at: event.recordedAt,
        });
        break;
      case 'RegistrationRescheduled':
        // The slot's date and time are joined in SQL, as at booking.
        Object.assign(patchOf(id).fields, {
          timeslot_id: data<'RegistrationRescheduled'>(event).toTimeslotId,
          updated_at: event.recordedAt,
        });
        break;
      case 'RefundRecorded': {
        const d = data<'RefundRecorded'>(event);
        const p = patchOf(id);
        p.refundsAdd.push(refundEntry(event));
        Object.assign(p.fields, {
          refunded_cents: d.refundedCents,
          last_refund_at: d.at,
          updated_at: event.recordedAt,
        });
        break;
      }
      case 'ConfirmationEmailSent':
        patchOf(id).fields.confirmation_email_sent = true;
        break;
      case 'ParticipantsCheckedIn': {
        const d = data<'ParticipantsCheckedIn'>(event);
        const p = patchOf(id);
        for (const pid of d.participantIds) p.checkInsAdd[pid] ??= { at: d.at, by: d.by };
        // as the decider: a party checked in holds no payment hold (the hold sweeper passes it by)
        Object.assign(p.fields, { hold_until: null, updated_at: event.recordedAt });
        break;
      }
      case 'CheckInUndone': {
        const p = patchOf(id);
        for (const pid of data<'CheckInUndone'>(event).participantIds) {
          delete p.checkInsAdd[pid];
          p.checkInsRemove.push(pid);
        }
        p.fields.updated_at = event.recordedAt;
        break;
      }
      case 'PersonalDataErased':
        if (!erased.has(id)) erased.set(id, data<'PersonalDataErased'>(event).at);
        break;
      case 'MarkedNoShow': {
        const d = data<'MarkedNoShow'>(event);
        Object.assign(patchOf(id).fields, {
          no_shows: d.participantIds,
          no_show_at: d.at,
          updated_at: event.recordedAt,
        });
        break;
      }
    }
  }

  const writes: Promise<unknown>[] = [];
  if (booked.length > 0) {
    writes.push(tx`
      insert into orders (registration_id, reference_number, status, event_id, event_name, location, package_id,
        package_name, package_price_cents, timeslot_id, timeslot_date, timeslot_time, first_name, last_name, email,
        mobile_number, gender, identification_number, identification_number_masked, identification_number_hash,
        date_of_birth, postal_code, unit_number, address, region, medical_conditions, is_aia_member, participant_count, participants, discount_code, discount_label,
        discount_identifier_id, pricing, total_cents, discount_cents, member_discount_cents, partner_paid_cents,
        balance_due_cents, wc_booking_code, hold_until, programme_id, employee_id, employee_hash,
        company_paid_cents, share_name, created_at, updated_at)
      select r.registration_id, r.reference_number, r.status, r.event_id, r.event_name, e.location, r.package_id,
        r.package_name, r.package_price_cents, r.timeslot_id, t.date, to_char(t.time, 'HH24:MI'), r.first_name,
        r.last_name, r.email, r.mobile_number, r.gender, r.identification_number, r.identification_number_masked,
        r.identification_number_hash, r.date_of_birth, r.postal_code,
        r.unit_number, r.address, r.region, r.medical_conditions, r.is_aia_member, r.participant_count,
        r.participants, r.discount_code, r.discount_label, r.discount_identifier_id, r.pricing, r.total_cents,
        r.discount_cents, r.member_discount_cents, r.partner_paid_cents, r.balance_due_cents, r.wc_booking_code,
        r.hold_until, r.programme_id, r.employee_id, r.employee_hash, r.company_paid_cents, r.share_name,
        r.created_at, r.updated_at
      from jsonb_populate_recordset(null::orders, ${tx.json(booked as never)}) with ordinality as r
        left join screening_events e on e.id = r.event_id
        left join timeslots t on e.id is not null and t.id = r.timeslot_id
      order by r.ordinality
      on conflict (registration_id) do nothing`);
  }
  const changes = [...patches]
    .filter(([, p]) => Object.keys(p.fields).length > 0 || p.paidAdd !== 0 || p.refundsAdd.length > 0)
    .map(([id, p]) => ({
      ...p.fields,
      registration_id: id,
      paid_add: p.paidAdd,
      card_paid_add: p.cardPaidAdd,
      paid_by_method_add: p.paidByMethodAdd,
      refunds_add: p.refundsAdd,
      check_ins_add: p.checkInsAdd,
      check_ins_remove: p.checkInsRemove,
    }));
  if (changes.length > 0) {
    writes.push(tx`
      update orders o
      set (status, participants, participant_count, discount_code, discount_label, discount_identifier_id, pricing,
           total_cents, discount_cents, member_discount_cents, partner_paid_cents, balance_due_cents, paid_cents,
           transaction_id, payment_method, confirmation_email_sent, cancelled_at, hold_until, refunded_cents,
           last_refund_at, refunds, refund_review, expired_at, timeslot_id, timeslot_date, timeslot_time,
           check_ins, no_shows, no_show_at, reinstated_cents, card_paid_cents, paid_by_method, company_paid_cents,
           updated_at) =
        (select r.status, r.participants, r.participant_count, r.discount_code, r.discount_label,
                r.discount_identifier_id, r.pricing, r.total_cents, r.discount_cents, r.member_discount_cents,
                r.partner_paid_cents, r.balance_due_cents, o.paid_cents + (c.d->>'paid_add')::bigint,
                r.transaction_id, r.payment_method, r.confirmation_email_sent, r.cancelled_at, r.hold_until,
                r.refunded_cents, r.last_refund_at, o.refunds || (c.d->'refunds_add'), r.refund_review,
                r.expired_at, r.timeslot_id, coalesce(t.date, o.timeslot_date),
                coalesce(to_char(t.time, 'HH24:MI'), o.timeslot_time),
                (c.d->'check_ins_add') || (o.check_ins - array(select jsonb_array_elements_text(c.d->'check_ins_remove'))),
                r.no_shows, r.no_show_at, r.reinstated_cents,
                o.card_paid_cents + (c.d->>'card_paid_add')::bigint,
                (select coalesce(jsonb_object_agg(k, cents), '{}') from (
                   select k, sum(v::bigint) as cents
                   from (select * from jsonb_each_text(o.paid_by_method)
                         union all select * from jsonb_each_text(c.d->'paid_by_method_add')) as m(k, v)
                   group by k) as sums),
                r.company_paid_cents, r.updated_at
         from jsonb_populate_record(o, c.d) r
           left join timeslots t on c.d ? 'timeslot_id' and t.id = r.timeslot_id)
      from jsonb_array_elements(${tx.json(changes as never)}) as c(d)
      where o.registration_id = (c.d->>'registration_id')::bigint`);
  }
  await Promise.all(writes);
  // After the batch's other writes, so a booking and its erasure in one batch (a rebuild) end erased.
  if (erased.size > 0) await eraseOrders(tx, erased);
}

/**
 * Empties the personal columns of erased orders and their participant lists (package, prices and ids
 * stay); the order keeps its reference, slot, amounts and statuses. A second erasure keeps the first time.
 */
async function eraseOrders(tx: TransactionSql, erased: Map<number, string>) {
  const ids = [...erased.keys()];
  const rows = await tx<{ registration_id: string; participants: ParticipantSnapshot[] }[]>`
    select registration_id, participants from orders where registration_id = any(${ids}::bigint[])`;
  const changes = rows.map((r) => ({
    registration_id: Number(r.registration_id),
    participants: scrubPersonal(r.participants),
    at: erased.get(Number(r.registration_id)),
  }));
  if (changes.length === 0) return;
  await tx`
    update orders o
    set first_name = '', last_name = '', email = '', mobile_number = null, gender = null,
        identification_number = null, identification_number_masked = null, identification_number_hash = null,
        date_of_birth = null, postal_code = null, unit_number = null,
        address = null, medical_conditions = null, participants = c.d->'participants',
        personal_data_erased_at = coalesce(o.personal_data_erased_at, (c.d->>'at')::timestamptz)
    from jsonb_array_elements(${tx.json(changes as never)}) as c(d)
    where o.registration_id = (c.d->>'registration_id')::bigint`;
}

/**
 * The orders read model: one row per registration, names and prices as booked. PaymentVoided is not
 * among its events: a voided charge was never counted as paid, so nothing the row shows changes.
 */
export const ordersProjection = defineBatchProjection({
  name: 'orders',
  tables: ['orders'],
  types: [
    'RegistrationBooked',
    ...PARTICIPANT_LIST_EVENTS,
    'DiscountApplied',
    'PaymentRecorded',
    ...REGISTRATION_STATUS_EVENT_TYPES,
    'RefundRecorded',
    'ConfirmationEmailSent',
    'ParticipantsCheckedIn',
    'CheckInUndone',
    'MarkedNoShow',
    'PersonalDataErased',
  ],
  applyBatch: applyOrdersBatch,
});
