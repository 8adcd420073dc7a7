/**
 * `node dist/fake-stripe.js`: the local fake Stripe server (issue 48) that `npm start` and the browser
 * tests run beside the api, so the demo takes PayNow end to end. Never in production: the api and
 * worker refuse STRIPE_API_URL there.
 */
import { runFakeStripeProcess } from '@hs/gateways';

await runFakeStripeProcess();
