/** `node --import tsx packages/gateways/src/paynow/fake-stripe-main.ts`: fake-stripe-process.ts from source. */
import { runFakeStripeProcess } from './fake-stripe-process';

await runFakeStripeProcess();
