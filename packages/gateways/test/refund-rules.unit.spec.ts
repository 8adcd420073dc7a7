import { describe, expect, it } from 'vitest';
import { planRefund, refundRefusal, voidRefusal } from '../src';

describe('planRefund (which call to make)', () => {
  const sale = (status: string, amountCents = 13952) => ({ status, amountCents });

  it('voids an unsettled sale for its whole amount', () => {
    expect(planRefund(sale('submitted_for_settlement'), 13952)).toEqual({ action: 'void' });
    expect(planRefund(sale('authorized'), 13952)).toEqual({ action: 'void' });
  });

  it('refuses a part of an unsettled sale (a void cancels all of it), and more than the sale', () => {
    expect(planRefund(sale('submitted_for_settlement'), 13951)).toEqual({
      action: 'refuse',
      refusal: {
        ok: false,
        message: 'This payment has not settled yet; only the whole amount can be refunded until it settles.',
        code: '91506',
      },
    });
    expect(planRefund(sale('authorized'), 13953)).toEqual({
      action: 'refuse',
      refusal: { ok: false, message: 'Refund amount is too large.', code: '91521' },
    });
  });

  it('refunds a settling or settled sale, whole or in part (the gateway checks what is left)', () => {
    for (const status of ['settling', 'settled', 'settlement_confirmed']) {
      expect(planRefund(sale(status), 13952)).toEqual({ action: 'refund' });
      expect(planRefund(sale(status), 100)).toEqual({ action: 'refund' });
      expect(planRefund(sale(status), 99999)).toEqual({ action: 'refund' });
    }
  });

  it('refuses voided, still-processing and unsuccessful sales with a clear message', () => {
    const refusal = (status: string) => {
      const plan = planRefund(sale(status), 13952);
      return plan.action === 'refuse' ? plan.refusal.message : plan.action;
    };
    expect(refusal('voided')).toBe('This payment has already been voided; there is nothing to refund.');
    expect(refusal('authorizing')).toBe(
      'This payment is still being processed; it can be refunded once it has settled.',
    );
    expect(refusal('settlement_pending')).toBe(
      'This payment is still being processed; it can be refunded once it has settled.',
    );
    for (const status of ['processor_declined', 'gateway_rejected', 'failed', 'settlement_declined']) {
      expect(refusal(status)).toBe('This payment collected no money; there is nothing to refund.');
    }
  });
});

describe("Braintree's answers (for the fakes)", () => {
  it('voids only authorized or submitted_for_settlement sales (91504)', () => {
    expect(voidRefusal('authorized')).toBeNull();
    expect(voidRefusal('submitted_for_settlement')).toBeNull();
    for (const status of ['settling', 'settled', 'voided', 'processor_declined']) {
      expect(voidRefusal(status)).toMatchObject({ code: '91504' });
    }
  });

  it('refunds settled sales up to what is left (91506, 91521, 91512)', () => {
    const sale = (status: string, refundedCents = 0) => ({ status, amountCents: 10000, refundedCents });
    expect(refundRefusal(sale('submitted_for_settlement'), 100)).toEqual({
      code: '91506',
      message: 'Cannot refund transaction unless it is settled.',
    });
    expect(refundRefusal(sale('settled'), 10000)).toBeNull();
    expect(refundRefusal(sale('settled', 2500), 7500)).toBeNull();
    expect(refundRefusal(sale('settled', 2500), 7501)).toEqual({
      code: '91521',
      message: 'Refund amount is too large.',
    });
    expect(refundRefusal(sale('settled', 10000), 1)).toEqual({
      code: '91512',
      message: 'Transaction has already been completely refunded.',
    });
  });
});
