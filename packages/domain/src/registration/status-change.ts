/**
 * What an admin status change means for an order's seats and money, decided before it happens (issue 45).
 * The spec lets staff set confirmed or canceled from any other status; each change is still decided on
 * the order's money and seats, and staff are shown the consequence before they confirm it. Confirming a
 * cancelled order that was refunded makes what was refunded owed again: a confirmed order never hides
 * a balance ("Refunded S$452.93 · Balance Due S$0.00" looked like a paid attendee who owed nothing).
 */
import { toMoneyString } from '../money';
import { adminStatusTransition, isReleasedStatus, type RegistrationStatus } from '../status';

/** The few facts of an order a status change looks at (the decider's state has them all). */
export interface StatusChangeView {
  status: RegistrationStatus;
  participants: number;
  balanceDueCents: number;
  paidCents: number;
  /** Of paidCents, what came through the card gateway: the part Refund… can give back. */
  cardPaidCents: number;
  refundedCents: number;
  /** Refunds already made owed again by an earlier confirmation (see owedAgainCents). */
  reinstatedCents: number;
  /** Refunds asked of the gateway and not answered yet. */
  pendingRefunds: number;
}

export type AdminStatusChange =
  | { ok: false; message: string }
  | {
      ok: true;
      to: RegistrationStatus;
      /** Seats the order takes again (a cancelled order confirmed) or frees (cancelled). */
      seatsTaken: number;
      seatsFreed: number;
      refundedCents: number;
      /** What was refunded and is owed again once confirmed. */
      owedAgainCents: number;
      /** reinstatedCents after the change: the StatusChanged event records it when it grows. */
      reinstatedCents: number;
      /** What is left to pay after the change. */
      outstandingAfterCents: number;
      /**
       * What was paid by card and not refunded: cancelling does not give it back, Refund… does. A
       * partner's payment (the partner refunds its own) and one taken at the desk are not in it.
       */
      keptCents: number;
    };

export const STATUS_CHANGE_MESSAGES = {
  refundInProgress:
    'A refund of this order is still being processed. Confirm it once the refund is recorded.',
} as const;

/** What is left to pay: the balance due, less what was paid, plus refunds made owed again. */
export function outstandingOf(
  view: Pick<StatusChangeView, 'balanceDueCents' | 'paidCents' | 'reinstatedCents'>,
) {
  return Math.max(0, view.balanceDueCents - view.paidCents + view.reinstatedCents);
}

const holdsSeats = (status: RegistrationStatus) => !isReleasedStatus(status);

/** Everything paid was refunded (and something was): the order is paid for by nobody. */
const refundedInFull = (view: StatusChangeView) =>
  view.refundedCents > 0 && view.refundedCents >= view.paidCents;

export function adminStatusChange(view: StatusChangeView, requested: unknown): AdminStatusChange {
  const t = adminStatusTransition(view.status, requested);
  if (!t.ok) return t;
  // Confirming makes refunds owed again when the order was released (cancelled, expired), or when
  // everything paid was given back: a confirmed order never hides a balance. A goodwill refund of part
  // of a paid order that stays booked is not taken back.
  const reinstates = t.to === 'confirmed' && (isReleasedStatus(view.status) || refundedInFull(view));
  // Its outcome would change what is owed: wait for it rather than guess.
  if (reinstates && view.pendingRefunds > 0)
    return { ok: false, message: STATUS_CHANGE_MESSAGES.refundInProgress };
  const owedAgainCents = reinstates ? Math.max(0, view.refundedCents - view.reinstatedCents) : 0;
  const reinstatedCents = view.reinstatedCents + owedAgainCents;
  const seatsBefore = holdsSeats(view.status) ? view.participants : 0;
  const seatsAfter = holdsSeats(t.to) ? view.participants : 0;
  return {
    ok: true,
    to: t.to,
    seatsTaken: Math.max(0, seatsAfter - seatsBefore),
    seatsFreed: Math.max(0, seatsBefore - seatsAfter),
    refundedCents: view.refundedCents,
    owedAgainCents,
    reinstatedCents,
    outstandingAfterCents: outstandingOf({ ...view, reinstatedCents }),
    keptCents: Math.max(0, view.cardPaidCents - view.refundedCents),
  };
}

const money = (cents: number) => `S$${toMoneyString(cents)}`;
const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/**
 * The consequence in words, as staff see it before they confirm: "This order was cancelled and refunded
 * S$452.93. Confirming it takes 1 seat again (9 left) and leaves S$452.93 to pay." `seatsLeftAfter` is
 * the slot's seats left once the change is made, when known.
 */
export function describeAdminStatusChange(
  view: StatusChangeView,
  change: Extract<AdminStatusChange, { ok: true }>,
  seatsLeftAfter: number | null,
): string {
  const left = seatsLeftAfter === null ? '' : ` (${seatsLeftAfter} left)`;
  if (change.to === 'confirmed') {
    const was = isReleasedStatus(view.status)
      ? `This order was ${view.status}${change.refundedCents > 0 ? ` and refunded ${money(change.refundedCents)}` : ''}. `
      : change.owedAgainCents > 0
        ? `This order was refunded ${money(change.refundedCents)}. `
        : '';
    const parts: string[] = [];
    if (change.seatsTaken > 0) parts.push(`takes ${seats(change.seatsTaken)} again${left}`);
    parts.push(
      change.outstandingAfterCents > 0
        ? `leaves ${money(change.outstandingAfterCents)} to pay`
        : 'leaves nothing to pay',
    );
    return `${was}Confirming it ${parts.join(' and ')}.`;
  }
  const parts = [change.seatsFreed > 0 ? `frees ${seats(change.seatsFreed)}${left}` : 'frees no seats'];
  const kept =
    change.keptCents > 0
      ? ` ${money(change.keptCents)} was paid by card: cancelling alone does not give it back.`
      : '';
  return `Cancelling it ${parts.join(' and ')}.${kept}`;
}
