/** PayNow through Stripe (issue 48): the interface, the real adapter, the QR payload and its SVG, and the local fake Stripe. */
export * from './types';
export * from './emvco';
export * from './qr-svg';
export * from './stripe-paynow';
export * from './fake-stripe-server';
export { stripeSignatureHeader } from './fake-stripe-webhooks';
export { runFakeStripeProcess } from './fake-stripe-process';
