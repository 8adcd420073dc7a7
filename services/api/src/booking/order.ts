import { randomUUID } from 'node:crypto';
import { type WaitlistClaim, redemptionLimitsOf, waitlistClaimFor } from '@hs/commands';
import type { Sql } from '@hs/db';
import {
  type AppliedDiscount,
  type DiscountCodeEvent,
  type DiscountDefinition,
  type ParticipantSnapshot,
  type PartnerBooking,
  type PriceBreakdown,
  type RegistrationRequest,
  discountCodeStream,
  discountStream,
  evaluateDiscountCode,
  normalizeDiscountCode,
  parseMoney,
  priceRegistration,
  regionForPostalCode,
  singaporeToday,
  toPricingDiscount,
} from '@hs/domain';
import { type StreamRead, latestOfTypesRead, readLatestOfTypes } from '@hs/eventstore';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import type { MemberVerifier } from '@hs/gateways';
import { isVerifiedMember } from './member-check';
import { type PricingKey, type PricingReadOptions, type PricingRow, readPricingRows } from './pricing-read';
import { type BookedIdentity, bookedIdentity } from './myinfo-identity';
import { type ProgrammeOrder, programmeOrderFor } from './programme-order';

export interface CodeRedemption {
  identifierId: number;
  discountId: number;
  codeLimit: number | null;
  binLimit: number | null;
}

/** Everything the server decides about an order before it is written: never what the client says. */
export interface PricedOrder {
  event: { id: number; name: string };
  timeslot: { id: number; maxAttendees: number; date: string };
  packageId: number;
  participants: ParticipantSnapshot[];
  discount: AppliedDiscount | null;
  redemption: CodeRedemption | null;
  pricing: PriceBreakdown;
  region: string | null;
  partner: PartnerBooking | null;
  /** The slot's stream as bookRegistration reads it, when asked for (`readSlot`); same snapshot as the rest. */
  slotRead?: StreamRead;
  /** A waiting-list offer this booking claims (its `waitlistToken`): the booking takes the seats held for it. */
  waitlist?: WaitlistClaim;
  /** Issue 51: the corporate programme it is booked under, its employee's entitlement and its cap. */
  programme?: ProgrammeOrder;
  /** The settings a booking records, as stored (`withSettings`): read in the same statement. */
  settings?: NonNullable<PricingRow['settings']>;
}

interface PackageRow {
  id: number;
  name: string;
  priceCents: number;
  aiaPriceCents: number | null;
}

/** A participant's person as the booking form gives it: what a snapshot takes from the form as is. */
type ParticipantPerson = Pick<
  ParticipantSnapshot,
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'identificationNumber'
  | 'dateOfBirth'
  | 'email'
  | 'mobileNumber'
  | 'aiaMemberId'
>;

async function eventPackages(sql: Sql, eventId: number): Promise<Map<number, PackageRow>> {
  const rows = await sql<{ id: number; name: string; price: string; aiaPrice: string | null }[]>`
    select p.id, p.name, p.price::text as price, p.aia_price::text as "aiaPrice"
    from event_packages ep join packages p on p.id = ep.package_id
    where ep.event_id = ${eventId} and p.is_active`;
  return packageMap(rows);
}

function packageMap(rows: { id: number; name: string; price: string; aiaPrice: string | null }[]) {
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        priceCents: parseMoney(r.price)!,
        aiaPriceCents: r.aiaPrice ? parseMoney(r.aiaPrice) : null,
      },
    ]),
  );
}

interface DiscountRow extends DiscountDefinition {
  identifierId: number;
  identifier: string;
}

async function findCode(
  sql: Sql,
  input: { code: string | null; codeId: number | null },
): Promise<DiscountRow | null> {
  if (!input.code && !input.codeId) return null;
  const [row] = await sql<DiscountRow[]>`
    select i.id as "identifierId", i.identifier, d.id, d.name, d.description, d.line_item_label as "lineItemLabel",
           d.discount_type as "discountType", d.discount_value_type as "discountValueType", d.value::text as value,
           d.is_active as "isActive", d.limit_redemption as "limitRedemption", d.max_redemptions as "maxRedemptions",
           d.limit_bin_redemption as "limitBinRedemption", d.max_bin_redemptions as "maxBinRedemptions",
           d.start_date as "startDate", d.end_date as "endDate",
           d.applicable_for_aia as "applicableForAIA", d.applicable_for_retail as "applicableForRetail",
           d.applicable_for_health_screening as "applicableForHealthScreening",
           d.applicable_for_chronic as "applicableForChronic", d.applicable_for_pdt as "applicableForPDT"
    from discount_identifiers i join discounts d on d.id = i.discount_id
    where ${input.code ? sql`i.identifier = ${normalizeDiscountCode(input.code)}` : sql`i.id = ${input.codeId}`}`;
  if (!row) return null;
  // timestamptz columns arrive as Date; the domain reads the window as ISO text.
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : ((d as string | null) ?? null));
  return { ...row, startDate: iso(row.startDate), endDate: iso(row.endDate) };
}

/**
 * Redemptions so far: the streams are the truth. Each redemption and release carries the count after
 * it, so the latest one says it however long the stream.
 */
async function redemptionCounts(sql: Sql, identifierId: number, discountId: number) {
  const count = async (streamId: string) => {
    const latest = await readLatestOfTypes<DiscountCodeEvent['data']>(sql, streamId, [
      ['CodeRedeemed', 'CodeRedemptionReleased'],
    ]);
    return latest.events[0]?.data.countAfter ?? 0;
  };
  const [code, bin] = await Promise.all([
    count(discountCodeStream(identifierId).id),
    count(discountStream(discountId).id),
  ]);
  return { code, bin };
}

/**
 * Checks a code against a subtotal as the validate call and the booking both do. The counts read here
 * are advisory; the booking's append re-checks the limit against the stream versions it read.
 */
export async function evaluateCode(
  sql: Sql,
  input: { code: string | null; codeId: number | null; subtotalCents: number; isAiaMember: boolean },
) {
  const row = await findCode(sql, input);
  const counts = row ? await redemptionCounts(sql, row.identifierId, row.id) : { code: 0, bin: 0 };
  const result = evaluateDiscountCode({
    discount: row,
    identifier: row
      ? {
          id: row.identifierId,
          identifier: row.identifier,
          usedCount: counts.code,
          discountUsedCount: counts.bin,
        }
      : null,
    subtotalCents: input.subtotalCents,
    isAiaMember: input.isAiaMember,
    now: new Date(),
  });
  return { row, result };
}

/** Prices an order from the catalogue, the insurer's answer and the code; throws 4xx for what cannot be booked. */
export async function priceOrderRequest(
  sql: Sql,
  verifier: MemberVerifier,
  req: RegistrationRequest,
  options: PricingReadOptions & {
    verifiedPrimary?: boolean;
    /** Where the pricing row comes from when not read alone: the booking route's batched reads. */
    read?: (key: PricingKey) => Promise<PricingRow | null>;
  } = {},
): Promise<PricedOrder> {
  const row = options.read ? await options.read(req) : (await readPricingRows(sql, [req], options))[0];
  if (!row) throw notFound("The event you're looking for doesn't exist or has been removed.");
  const event = { id: row.id, name: row.name };
  if (!row.isActive) throw conflict('This event is no longer open for booking');
  const packages = packageMap(row.packages);
  const mainPackage = packages.get(req.packageId);
  if (!mainPackage) throw conflict('The selected package is not available for this event');

  const slot = row.slot;
  // A manual event is booked on the admin's own slots only (region-less); an auto-generated slot made
  // for it by a lookup of the auto routes is not one of them.
  const wrongKind = slot !== null && (row.configType ?? 'manual') === 'manual' && slot.region !== null;
  if (!slot || slot.eventId !== event.id || wrongKind)
    throw badRequest('Please select a timeslot', [
      { field: 'timeslotId', message: 'Please select a timeslot' },
    ]);
  if (slot.date < singaporeToday()) throw conflict('This timeslot has already passed');
  // A programme's pass: its events, packages, price and the employee alone (programme-order.ts).
  const programme = await programmeOrderFor(sql, req, event.id);
  // An offer's token: its entry (404), still live (409), for this event and slot and at most its seats
  // (400). Checked before the insurer is asked; the booking's append checks again.
  const waitlist = req.waitlistToken
    ? await waitlistClaimFor(sql, req.waitlistToken, {
        eventId: event.id,
        timeslotId: slot.id,
        seats: req.participants.length + 1,
      })
    : null;

  // Checked before the insurer is asked: a changed Myinfo identity is refused whatever it would price.
  const primaryIdentity = await bookedIdentity(sql, req.myinfoHandle, req);
  const identities = await Promise.all(req.participants.map((p) => bookedIdentity(sql, p.myinfoHandle, p)));
  // A programme's booking is priced by the programme, never at a member price.
  const primaryMember =
    options.verifiedPrimary ??
    (req.isAiaMember && !programme
      ? await isVerifiedMember(verifier, req.identificationNumber, req.dateOfBirth)
      : false);
  const others = await Promise.all(
    req.participants.map(async (p, i) => {
      const pkg = packages.get(p.packageId);
      if (!pkg) throw conflict('Selected package not found');
      const member = p.isAiaMember
        ? await isVerifiedMember(verifier, p.identificationNumber.toUpperCase(), p.dateOfBirth)
        : false;
      return { p, pkg, member, identity: identities[i]! };
    }),
  );
  const snapshot = (
    pkg: PackageRow,
    member: boolean,
    isPrimary: boolean,
    person: ParticipantPerson,
    identity: BookedIdentity,
  ): ParticipantSnapshot => ({
    participantId: randomUUID(),
    isPrimary,
    packageId: pkg.id,
    packageName: pkg.name,
    packagePriceCents: programme ? programme.priceOf(pkg.priceCents) : pkg.priceCents,
    aiaPriceCents: programme ? null : pkg.aiaPriceCents,
    memberVerified: member && pkg.aiaPriceCents !== null,
    isAiaMember: member,
    ...person,
    ...identity,
  });
  const participants = [
    snapshot(
      mainPackage,
      primaryMember,
      true,
      {
        firstName: req.firstName,
        lastName: req.lastName,
        gender: req.gender,
        identificationNumber: req.identificationNumber,
        dateOfBirth: req.dateOfBirth,
        email: req.email,
        mobileNumber: req.mobileNumber,
        aiaMemberId: primaryMember ? req.identificationNumber : null,
      },
      primaryIdentity,
    ),
    ...others.map(({ p, pkg, member, identity }) =>
      snapshot(
        pkg,
        member,
        false,
        {
          firstName: p.firstName,
          lastName: p.lastName,
          gender: p.gender,
          identificationNumber: p.identificationNumber.toUpperCase(),
          dateOfBirth: p.dateOfBirth,
          email: p.email,
          mobileNumber: p.mobileNumber,
          aiaMemberId: member ? (p.aiaMemberId ?? p.identificationNumber.toUpperCase()) : null,
        },
        identity,
      ),
    ),
  ];

  const undiscounted = priceRegistration(participants, null, null);
  let discount: AppliedDiscount | null = null;
  let redemption: CodeRedemption | null = null;
  if (req.discountCode || req.discountCodeId) {
    const { row, result } = await evaluateCode(sql, {
      code: req.discountCode,
      codeId: req.discountCodeId,
      subtotalCents: undiscounted.subtotalCents,
      isAiaMember: primaryMember,
    });
    if (!result.ok || !row) throw new HttpError(409, result.ok ? 'Invalid discount code' : result.message);
    discount = {
      discountId: row.id,
      discountIdentifierId: row.identifierId,
      code: row.identifier,
      label: row.lineItemLabel || row.name,
      rule: toPricingDiscount(row.discountValueType, row.value),
    };
    redemption = {
      identifierId: row.identifierId,
      discountId: row.id,
      ...redemptionLimitsOf(row),
    };
  }
  let partner: PartnerBooking | null = null;
  if (req.whiteCoatBookingCode) {
    // The partner-paid amount is the partner's, recorded by /api/wc/create-registration; the client's is ignored.
    const [row] = await sql<{ paidCents: number; isPaid: boolean }[]>`
      select paid_cents as "paidCents", is_paid as "isPaid" from partner_bookings where booking_code = ${req.whiteCoatBookingCode}`;
    if (!row)
      throw conflict(
        'This partner booking code has not been validated. Please open your partner link again.',
      );
    partner = { bookingCode: req.whiteCoatBookingCode, paidCents: row.paidCents, isPaid: row.isPaid };
  }
  const lookup = regionForPostalCode(req.postalCode);
  return {
    event: { id: event.id, name: event.name },
    timeslot: { id: slot.id, maxAttendees: slot.maxAttendees, date: slot.date },
    packageId: mainPackage.id,
    participants,
    discount,
    redemption,
    pricing: priceRegistration(participants, discount, partner, programme?.corporate ?? null),
    region: lookup.found ? lookup.region : null,
    partner,
    ...(row.slotLatest ? { slotRead: latestOfTypesRead(row.slotLatest) } : {}),
    ...(waitlist ? { waitlist } : {}),
    ...(programme ? { programme } : {}),
    ...(row.settings ? { settings: row.settings } : {}),
  };
}

/** A participant added after booking: priced from the event's packages, member price only if verified here. */
export async function buildParticipant(
  sql: Sql,
  verifier: MemberVerifier,
  eventId: number,
  input: ParticipantPerson &
    Pick<ParticipantSnapshot, 'isAiaMember' | 'packageId' | 'identitySource' | 'fullName'> & {
      /** A Myinfo retrieval the person's identity comes from (issue 49): checked, never stored. */
      myinfoHandle?: string | null;
    },
): Promise<ParticipantSnapshot> {
  const { myinfoHandle, ...p } = input;
  const pkg = (await eventPackages(sql, eventId)).get(p.packageId);
  if (!pkg) throw conflict('Selected package not found');
  const id = p.identificationNumber.toUpperCase();
  // A new participant's identity is checked against its retrieval; a changed one keeps what it had.
  const identity = myinfoHandle !== undefined ? await bookedIdentity(sql, myinfoHandle, p) : {};
  const member = p.isAiaMember ? await isVerifiedMember(verifier, id, p.dateOfBirth) : false;
  return {
    ...p,
    ...identity,
    participantId: randomUUID(),
    isPrimary: false,
    identificationNumber: id,
    packageName: pkg.name,
    packagePriceCents: pkg.priceCents,
    aiaPriceCents: pkg.aiaPriceCents,
    memberVerified: member && pkg.aiaPriceCents !== null,
    isAiaMember: member,
    aiaMemberId: member ? (p.aiaMemberId ?? id) : null,
  };
}
