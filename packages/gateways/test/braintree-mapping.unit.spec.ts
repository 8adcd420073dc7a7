import braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import { braintreeEnvironment, isBraintreeConfigured, mapErrorResult } from '../src';

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
