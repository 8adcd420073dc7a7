import type { Sql } from '@hs/db';
import {
  type DiscountCodeCommand,
  type RegistrationCommand,
  type RegistrationEvent,
  type RegistrationState,
  discountCodeDecider,
  discountCodeStream,
  discountStream,
  domainError,
  entitlementDecider,
  isReleasedStatus,
  programmeCapDecider,
  programmeEntitlementStream,
  programmeStream,
  reclaimsRedemption,
  registrationDecider,
  registrationStream,
  releasesRedemption,
  seatReleaseReason,
  seatsHeld,
  timeslotDeciderFor,
  timeslotStream,
} from '@hs/domain';
import {
  CommandRefusedError,
  type Decision,
  type Position,
  aggregateStream,
  decideOn,
  foldStream,
  handle,
} from '@hs/eventstore';
import { programmeLimits, redemptionLimits } from './redemption-limits';
import { slotCapacity } from './slot-capacity';

export const REGISTRATION_NOT_FOUND =
  'Registration not found. Please check your reference number and try again.';

/** The registration as its stream folds it; refused NOT_FOUND (404 at the api) when there is none. */
export async function existingRegistration(sql: Sql, registrationId: number): Promise<RegistrationState> {
  const { state } = await aggregateStream(sql, registrationStream(registrationId).id, registrationDecider);
  if (!state.exists) throw new CommandRefusedError(domainError('NOT_FOUND', REGISTRATION_NOT_FOUND));
  return state;
}

/**
 * Runs a command on a registration and keeps its seats and code redemption in step, in one
 * append: whatever makes the order hold fewer seats releases them on the slot stream (a
 * cancellation or an expiry also gives the code back); whatever makes it hold more reserves them, or
 * is refused when the slot is full (a revived expired order also takes its code again, or is
 * refused when the code ran out meanwhile). The api's routes and the worker's hold sweeper share it.
 *
 * `command` may be a function of the order as it stands when the command is decided (it runs again
 * on every retry after a concurrent change): for a command whose content depends on the order, such
 * as a cancellation's refund policy after a payment that landed meanwhile. `before` is that order.
 */
export async function changeRegistration(
  sql: Sql,
  registrationId: number,
  command: RegistrationCommand | ((order: RegistrationState) => RegistrationCommand),
  meta: { actor: string; requestId?: string },
): Promise<{
  state: RegistrationState;
  before: RegistrationState;
  events: RegistrationEvent[];
  position: Position | null;
}> {
  const before = await existingRegistration(sql, registrationId);
  const regStream = registrationStream(registrationId);
  const slotStream = timeslotStream(before.timeslotId!);
  const discount = before.discount;
  const codeStream = discount ? discountCodeStream(discount.discountIdentifierId) : null;
  const binStream = discount ? discountStream(discount.discountId) : null;
  const codeStreams = codeStream && binStream ? [codeStream, binStream] : [];
  const slot = timeslotDeciderFor((await slotCapacity(sql, before.timeslotId!)) ?? undefined);
  // An order that gave its code back takes it again (a revived expired order, a cancelled one staff
  // confirm) under the code's limits as the catalogue has them now. Read whenever there is a code: a
  // retry may meet the order cancelled meanwhile, where the first read did not.
  const decided = (order: RegistrationState) => (typeof command === 'function' ? command(order) : command);
  const first = decided(before);
  const limits = discount ? await redemptionLimits(sql, discount) : null;
  // Issue 51: an order under a programme holds a place under its cap and its employee's entitlement,
  // given back and taken again as a code's redemption is.
  const corporate = before.corporate;
  const capStream = corporate ? programmeStream(corporate.programmeId) : null;
  const entitlementStream = corporate
    ? programmeEntitlementStream(corporate.programmeId, corporate.employeeHash)
    : null;
  const programme = corporate ? await programmeLimits(sql, corporate.programmeId) : null;
  const programmeStreams = capStream && entitlementStream ? [capStream, entitlementStream] : [];
  const at = 'at' in first ? first.at : new Date().toISOString();
  const by = String(registrationId);

  const { result, position } = await handle(
    sql,
    [regStream, slotStream, ...codeStreams, ...programmeStreams].map((s) => s.id),
    (read) => {
      const regRead = read[regStream.id];
      const order = foldStream(regRead?.events ?? [], registrationDecider);
      const changed = decideOn(regStream, regRead, registrationDecider, decided(order));
      const { before: state, after } = changed;
      const append: Decision['append'] = [changed.append];
      const delta = seatsHeld(after) - seatsHeld(state);
      if (delta !== 0) {
        const seats = decideOn(
          slotStream,
          read[slotStream.id],
          slot,
          delta > 0
            ? { type: 'ReserveSeats', registrationId: by, seats: delta, at }
            : {
                type: 'ReleaseSeats',
                registrationId: by,
                seats: -delta,
                reason: seatReleaseReason(after),
                at,
              },
        );
        append.push(seats.append);
      }
      const codeCommands: { stream: typeof codeStream; command: DiscountCodeCommand }[] = [];
      if (releasesRedemption(state, after)) {
        for (const stream of codeStreams) {
          codeCommands.push({ stream, command: { type: 'Release', registrationId: by, at } });
        }
      }
      if (reclaimsRedemption(state, after) && limits) {
        // As the booking did: the code's own stream always, the whole discount's when it has a limit.
        codeCommands.push({
          stream: codeStream,
          command: { type: 'Use', registrationId: by, limit: limits.codeLimit, at },
        });
        if (limits.binLimit !== null) {
          codeCommands.push({
            stream: binStream,
            command: { type: 'Use', registrationId: by, limit: limits.binLimit, at },
          });
        }
      }
      for (const { stream, command } of codeCommands) {
        append.push(decideOn(stream!, read[stream!.id], discountCodeDecider, command).append);
      }
      if (capStream && entitlementStream && programme) {
        const holds = (o: RegistrationState) => o.exists && !isReleasedStatus(o.status!);
        const command =
          holds(state) && !holds(after)
            ? ({ type: 'Release', registrationId: by, at } as const)
            : !holds(state) && holds(after)
              ? ({ type: 'Use', registrationId: by, at } as const)
              : null;
        if (command) {
          append.push(
            decideOn(capStream, read[capStream.id], programmeCapDecider, { ...command, limit: programme.cap })
              .append,
            decideOn(entitlementStream, read[entitlementStream.id], entitlementDecider, {
              ...command,
              limit: programme.entitlement,
            }).append,
          );
        }
      }
      return { append, result: { before: state, after, events: changed.events } };
    },
    { metadata: { actor: meta.actor, requestId: meta.requestId }, maxAttempts: 8 },
  );
  return { state: result!.after, before: result!.before, events: result!.events, position };
}
