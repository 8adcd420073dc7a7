/**
 * The fake Stripe server as a process of its own, for the demo (`npm start` runs the api's
 * dist/fake-stripe.js) and the browser tests: FAKE_STRIPE_PORT (default 12111), STRIPE_WEBHOOK_SECRET
 * (required: the api verifies with the same one), FAKE_STRIPE_WEBHOOK_URL (default the api's webhook
 * route on PORT, or 3000). The api and worker reach it through STRIPE_API_URL with any sk_test_ key.
 */
import { startFakeStripe } from './fake-stripe-server';

export async function runFakeStripeProcess(env: Record<string, string | undefined> = process.env) {
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!webhookSecret) {
    console.error('fake Stripe: STRIPE_WEBHOOK_SECRET is required (the api verifies webhooks with it)');
    process.exit(1);
  }
  const port = Number(env.FAKE_STRIPE_PORT ?? 12111);
  const webhookUrl =
    env.FAKE_STRIPE_WEBHOOK_URL?.trim() || `http://127.0.0.1:${env.PORT ?? 3000}/api/payments/stripe/webhook`;

  const server = await startFakeStripe({ webhookSecret, webhookUrl, port });
  console.log(`fake Stripe listening on ${server.url}, webhooks to ${webhookUrl}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
