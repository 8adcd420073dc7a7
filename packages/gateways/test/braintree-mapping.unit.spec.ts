import braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import {
  braintreeEnvironment,
  isBraintreeConfigured,
  mapErrorResult,
  mapRefundResult,
  PaymentGatewayError,
} from '../src';

describe('Braintree configuration', () => {
  it('picks the SDK environment, or a custom host/port without TLS for a local server', () => {
    expect(braintreeEnvironment({ environment: 'sandbox' })).toBe(braintree.Environment.Sandbox);
    expect(braintreeEnvironment({ environment: 'production' })).toBe(braintree.Environment.Production);
    const local = braintreeEnvironment({ environment: 'sandbox', baseUrl: 'http://127.0.0.1:4010' });
    expect(local).toMatchObject({ server: '127.0.0.1', port: '4010', ssl: false });
  });

  it('is configured only with merchant id, public and private key', () => {
    expect(isBraintreeConfigured({ merchantId: 'm', publicKey: 'p', privateKey: 'k' })).toBe(true);
    expect(isBraintreeConfigured({ merchantId: 'm', publicKey: ' ', privateKey: 'k' })).toBe(false);
    expect(isBraintreeConfigured({})).toBe(false);
  });
});

describe('mapErrorResult', () => {
  const errors = (list: { attribute: string; code: string; message: string }[]) => ({
    deepErrors: () => list,
  });

  it('a processor decline without processor text falls back to the generic message', () => {
    expect(
      mapErrorResult({
        success: false,
        message: '',
        errors: errors([]),
        transaction: {
          id: 't1',
          status: 'processor_declined',
          amount: '1.00',
          processorResponseCode: '2046',
        },
      }),
    ).toEqual({
      ok: false,
      declined: true,
      message: 'Payment processing failed',
      transactionId: 't1',
      code: '2046',
    });
  });

  it('a validation error without a message uses the first deep error', () => {
    expect(
      mapErrorResult({
        success: false,
        message: '',
        errors: errors([{ attribute: 'amount', code: '81503', message: 'Amount is an invalid format.' }]),
      }),
    ).toEqual({ ok: false, declined: false, message: 'Amount is an invalid format.', code: '81503' });
  });
});

describe('mapRefundResult', () => {
  const errors = (list: { attribute: string; code: string; message: string }[]) => ({
    deepErrors: () => list,
  });
  const transaction = (over: Record<string, unknown> = {}) => ({
    id: 'sale1',
    status: 'voided',
    amount: '139.52',
    ...over,
  });

  it('an accepted void answers the sale itself, amount in cents', () => {
    expect(mapRefundResult('void', { success: true, transaction: transaction() })).toEqual({
      ok: true,
      kind: 'void',
      refundTransactionId: 'sale1',
      amountCents: 13952,
      status: 'voided',
    });
  });

  it('an accepted refund answers the new credit transaction', () => {
    expect(
      mapRefundResult('refund', {
        success: true,
        transaction: transaction({
          id: 'credit1',
          type: 'credit',
          status: 'submitted_for_settlement',
          amount: '25.05',
        }),
      }),
    ).toEqual({
      ok: true,
      kind: 'refund',
      refundTransactionId: 'credit1',
      amountCents: 2505,
      status: 'submitted_for_settlement',
    });
  });

  it("a validation refusal answers Braintree's first error and its code", () => {
    expect(
      mapRefundResult('refund', {
        success: false,
        message: 'Cannot refund transaction unless it is settled.',
        errors: errors([
          { attribute: 'base', code: '91506', message: 'Cannot refund transaction unless it is settled.' },
        ]),
      }),
    ).toEqual({ ok: false, message: 'Cannot refund transaction unless it is settled.', code: '91506' });
    expect(mapRefundResult('void', { success: false, message: '', errors: errors([]) })).toEqual({
      ok: false,
      message: 'Refund failed',
    });
  });

  it('a refund the processor declined is a refusal with its text and code', () => {
    expect(
      mapRefundResult('refund', {
        success: false,
        message: 'Processor Declined',
        errors: errors([]),
        transaction: transaction({
          id: 'credit2',
          status: 'processor_declined',
          processorResponseCode: '2005',
          processorResponseText: 'Invalid Credit Card Number',
        }),
      }),
    ).toEqual({ ok: false, message: 'Invalid Credit Card Number', code: '2005' });
  });

  it('an unreadable amount is an unknown outcome, not a guess', () => {
    expect(() =>
      mapRefundResult('refund', { success: true, transaction: transaction({ amount: 'abc' }) }),
    ).toThrow(PaymentGatewayError);
  });
});
