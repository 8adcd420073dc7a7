/**
 * @hs/gateways: every adapter to the outside world, each behind one small interface with a real
 * adapter and a test fake. Payments (test mode, Braintree), member verification (AIA), partner (WhiteCoat).
 */
export * from './http';
export * from './observed';
export * from './membership/member-verifier';
export * from './payments/types';
export * from './payments/refund-rules';
export * from './payments/test-gateway';
export * from './payments/braintree-gateway';
export * from './payments/fake-braintree-server';
export * from './paynow';
export * from './singpass';
export * from './partner/partner-client';
export * from './partner/fake-partner';
export * from './sms/sms-gateway';
export * from './sms/fake-sms-server';
