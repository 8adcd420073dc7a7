/**
 * A booking under a corporate programme (issue 51): the pass names the employee and the programme;
 * the programme says which events and packages, at what price, and what the company pays. Checked
 * here before anything is written; the entitlement and the cap are the log's (bookRegistration).
 */
import type { Sql } from '@hs/db';
import {
  type CorporateBooking,
  PROGRAMME_MESSAGES,
  type RegistrationRequest,
  companyPaysOf,
  employeeKeyHash,
  programmePackagePriceCents,
} from '@hs/domain';
import { passHolder } from '../corporate/access';
import { programmeById, programmeOpen } from '../corporate/programme-read';
import { badRequest, conflict } from '../errors';

export interface ProgrammeOrder {
  corporate: CorporateBooking;
  /** Bookings per employee, and the programme's cap (null: none). */
  entitlement: number;
  cap: number | null;
  /** The price a covered package is booked at. */
  priceOf: (packagePriceCents: number) => number;
}

export async function programmeOrderFor(
  sql: Sql,
  req: RegistrationRequest,
  eventId: number,
): Promise<ProgrammeOrder | null> {
  if (!req.programmePass) return null;
  const holder = await passHolder(sql, req.programmePass);
  const p = await programmeById(sql, holder.programmeId);
  if (!p || !programmeOpen(p)) throw conflict(PROGRAMME_MESSAGES.notOpen);
  if (!p.eventIds.includes(eventId) || !p.packageIds.includes(req.packageId))
    throw conflict(PROGRAMME_MESSAGES.packageNotCovered);
  if (req.participants.length > 0)
    throw badRequest(PROGRAMME_MESSAGES.employeeAlone, [
      { field: 'participants', message: PROGRAMME_MESSAGES.employeeAlone },
    ]);
  if (req.discountCode || req.discountCodeId)
    throw badRequest(PROGRAMME_MESSAGES.noCodes, [
      { field: 'discountCode', message: PROGRAMME_MESSAGES.noCodes },
    ]);
  if (req.whiteCoatBookingCode || req.waitlistToken)
    throw badRequest('A programme booking is booked on its own');
  return {
    corporate: {
      programmeId: p.id,
      companyId: p.companyId,
      employeeHash: employeeKeyHash(p.id, holder.employeeKey),
      employeeId: holder.employeeId,
      companyPays: companyPaysOf(p.paymentRule, p.amountCents),
      shareName: p.hrSeesNames && req.shareNameWithEmployer === true,
    },
    entitlement: p.entitlement,
    cap: p.bookingCap,
    priceOf: (cents) => programmePackagePriceCents(p.paymentRule, p.amountCents, cents),
  };
}
