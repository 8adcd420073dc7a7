/** PayNow on the order's stream (issue 48): one open QR per balance due, paid through RecordPayment. */
import { describe, expect, it } from 'vitest';
import {
  type RegistrationEvent,
  PAYMENT_METHOD_GROUPS,
  outstandingCents,
  paymentGatewayOf,
  paymentMethodGroup,
  paymentMethodGroupLabel,
  paymentMethodLabel,
  registrationDecider,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const later = '2026-01-05T01:05:00.000Z';
const order = () => booked([person('p1')], { holdSeconds: 1800 });
const due = () => outstandingCents(fold(registrationDecider, order()));
const opened = (intentId: string, amountCents = due()): RegistrationEvent => ({
  type: 'PayNowIntentOpened',
  data: { intentId, amountCents, at },
});

describe('PayNow intents on an order', () => {
  it('opens one for exactly the balance due', () => {
    const state = given(order())
      .when({ type: 'OpenPayNowIntent', intentId: 'pi_1', amountCents: due(), at })
      .thenEvents([opened('pi_1')]);
    expect(state.payNowIntent).toEqual({ intentId: 'pi_1', amountCents: due(), openedAt: at });
    expect(state.payNowIntentCount).toBe(1);
  });

  it('refuses an amount other than the balance due, and an order with nothing due', () => {
    given(order())
      .when({ type: 'OpenPayNowIntent', intentId: 'pi_1', amountCents: due() - 1, at })
      .thenError({ code: 'STATUS_NOT_ALLOWED' });
    const paid: RegistrationEvent = {
      type: 'PaymentRecorded',
      data: { transactionId: 'tx', amountCents: due(), method: 'card', balanceDueCents: 0, at },
    };
    given([...order(), paid])
      .when({ type: 'OpenPayNowIntent', intentId: 'pi_1', amountCents: 0, at })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'Nothing is left to pay on this booking.' });
  });

  it('refuses a cancelled or expired order', () => {
    const expired: RegistrationEvent = {
      type: 'RegistrationExpired',
      data: { holdUntil: later, seats: 1, reason: 'hold-expired', at: later },
    };
    given([...order(), expired])
      .when({ type: 'OpenPayNowIntent', intentId: 'pi_1', amountCents: due(), at: later })
      .thenError({ code: 'EXPIRED' });
  });

  it('the same intent again decides nothing; a new one closes the open one as replaced in the same decision', () => {
    given([...order(), opened('pi_1')])
      .when({ type: 'OpenPayNowIntent', intentId: 'pi_1', amountCents: due(), at })
      .thenEvents([]);
    const state = given([...order(), opened('pi_1')])
      .when({ type: 'OpenPayNowIntent', intentId: 'pi_2', amountCents: due(), at: later })
      .thenEvents([
        { type: 'PayNowIntentClosed', data: { intentId: 'pi_1', reason: 'replaced', at: later } },
        { type: 'PayNowIntentOpened', data: { intentId: 'pi_2', amountCents: due(), at: later } },
      ]);
    expect(state.payNowIntent?.intentId).toBe('pi_2');
    expect(state.payNowIntentCount).toBe(2);
  });

  it('closing decides only for the open intent', () => {
    given([...order(), opened('pi_1')])
      .when({ type: 'ClosePayNowIntent', intentId: 'pi_other', reason: 'expired', at: later })
      .thenEvents([]);
    const state = given([...order(), opened('pi_1')])
      .when({ type: 'ClosePayNowIntent', intentId: 'pi_1', reason: 'expired', at: later })
      .thenEvents([{ type: 'PayNowIntentClosed', data: { intentId: 'pi_1', reason: 'expired', at: later } }]);
    expect(state.payNowIntent).toBeNull();
  });

  it('its payment is paid, refundable through PayNow, and closes the intent; recorded twice it is one payment', () => {
    const state = given([...order(), opened('pi_1')])
      .when({ type: 'RecordPayment', transactionId: 'pi_1', amountCents: due(), method: 'paynow', at: later })
      .thenEvents([
        {
          type: 'PaymentRecorded',
          data: {
            transactionId: 'pi_1',
            amountCents: due(),
            method: 'paynow',
            balanceDueCents: 0,
            at: later,
          },
        },
        {
          type: 'StatusChanged',
          data: { from: 'pending_payment', to: 'paid', source: 'payment', at: later },
        },
      ]);
    expect(state.payNowIntent).toBeNull();
    expect(state.cardPayments).toEqual([{ transactionId: 'pi_1', amountCents: due(), gateway: 'paynow' }]);
    expect(state.cardPaidCents).toBe(due());
    expect(
      registrationDecider.decide(state, {
        type: 'RecordPayment',
        transactionId: 'pi_1',
        amountCents: due(),
        method: 'paynow',
        at: later,
      }),
    ).toEqual([]);
  });

  it('a refund of it names PayNow as the gateway it went back through (the reports split by it)', () => {
    const requested = fold(registrationDecider, [
      ...order(),
      opened('pi_1'),
      {
        type: 'PaymentRecorded',
        data: { transactionId: 'pi_1', amountCents: due(), method: 'paynow', balanceDueCents: 0, at: later },
      },
      {
        type: 'RefundRequested',
        data: { refundId: 'r1', amountCents: 500, transactionId: 'pi_1', reason: 'Asked', at: later },
      },
    ] as RegistrationEvent[]);
    const [recorded] = registrationDecider.decide(requested, {
      type: 'RecordRefund',
      refundId: 'r1',
      amountCents: 500,
      kind: 'refund',
      gatewayTransactionId: 're_1',
      reason: 'Asked',
      at: later,
    }) as RegistrationEvent[];
    expect(recorded).toMatchObject({ type: 'RefundRecorded', data: { gateway: 'paynow', amountCents: 500 } });
  });

  it('groups recorded methods for the reports: every card sale is card, unknown ones other', () => {
    expect(
      [
        'paynow',
        'card',
        'test card (Visa ending 1111)',
        'cash',
        'nets',
        'card_terminal',
        'partner',
        'prepaid',
        'x',
      ].map(paymentMethodGroup),
    ).toEqual(['paynow', 'card', 'card', 'cash', 'nets', 'card_terminal', 'partner', 'other', 'other']);
    expect(PAYMENT_METHOD_GROUPS.map(paymentMethodGroupLabel)).toEqual([
      'Card',
      'PayNow',
      'Cash',
      'NETS',
      'Card (terminal at the clinic)',
      'Partner',
      'Other or not yet paid',
    ]);
  });

  it('names the gateway of each method', () => {
    expect(paymentGatewayOf('paynow')).toBe('paynow');
    expect(paymentGatewayOf('test card (Visa ending 1111)')).toBe('card');
    expect(paymentGatewayOf('cash')).toBeNull();
    expect(paymentMethodLabel('paynow')).toBe('PayNow');
  });
});
