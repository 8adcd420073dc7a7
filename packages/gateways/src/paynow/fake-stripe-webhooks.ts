/**
 * The fake Stripe's webhook sender: events shaped as Stripe's, POSTed as JSON to one endpoint and
 * signed as Stripe signs them (`Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed by the webhook secret>`, fresh for every attempt). A delivery that fails (no
 * answer, or not 2xx) is retried after each of `retryDelaysMs`; tests can drop events (the lost
 * webhook) and replay the last one (a duplicate delivery).
 */
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown };
}

export interface FakeWebhookDelivery {
  event: FakeStripeEvent;
  /** pending: being sent or waiting to retry; failed: every attempt failed; dropped: never sent (dropWebhooks); no-url: no endpoint set. */
  status: 'pending' | 'delivered' | 'failed' | 'dropped' | 'no-url';
  attempts: number;
  /** The endpoint's last HTTP status, when it answered. */
  lastStatus?: number;
}

/** The Stripe-Signature header for a payload at a time (unix seconds). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const DELIVERY_TIMEOUT_MS = 5_000;

export function createWebhookSender(opts: { secret: string; url?: string; retryDelaysMs?: number[] }) {
  const retryDelaysMs = opts.retryDelaysMs ?? [100, 400, 1_600];
  let url = opts.url;
  let toDrop = 0;
  let closed = false;
  const deliveries: FakeWebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Retries waiting for their turn; close() ends the waits at once. */
  const waits = new Map<NodeJS.Timeout, () => void>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer);
        resolve();
      }, ms);
      waits.set(timer, resolve);
    });

  const attempt = async (target: string, delivery: FakeWebhookDelivery): Promise<boolean> => {
    const payload = JSON.stringify(delivery.event, null, 2);
    delivery.attempts += 1;
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignatureHeader(payload, opts.secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      delivery.lastStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      return res.ok;
    } catch {
      return false;
    }
  };

  const deliver = (delivery: FakeWebhookDelivery) => {
    const target = url;
    if (!target) {
      delivery.status = 'no-url';
      return Promise.resolve();
    }
    delivery.status = 'pending';
    const run = (async () => {
      for (let retry = 0; !closed; retry++) {
        if (await attempt(target, delivery)) {
          delivery.status = 'delivered';
          return;
        }
        if (retry >= retryDelaysMs.length) break;
        await wait(retryDelaysMs[retry]!);
      }
      delivery.status = 'failed';
    })();
    inFlight.add(run);
    run.finally(() => inFlight.delete(run));
    return run;
  };

  return {
    /** Records a new event about `object` and sends it (unless it is to be dropped). */
    emit(type: string, object: unknown): FakeStripeEvent {
      const event: FakeStripeEvent = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        api_version: Stripe.API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      };
      const delivery: FakeWebhookDelivery = { event, status: 'pending', attempts: 0 };
      deliveries.push(delivery);
      if (toDrop > 0) {
        toDrop -= 1;
        delivery.status = 'dropped';
      } else {
        void deliver(delivery);
      }
      return event;
    },
    /** The next `count` events are never sent. */
    dropNext(count: number) {
      toDrop = Math.max(0, Math.floor(count));
    },
    /** Sends the latest event again, same id and body, newly signed (as Stripe's retries do); null when none. */
    async replayLast(): Promise<FakeWebhookDelivery | null> {
      const last = deliveries.at(-1);
      if (!last) return null;
      const again: FakeWebhookDelivery = { event: last.event, status: 'pending', attempts: 0 };
      deliveries.push(again);
      await deliver(again);
      return again;
    },
    setUrl(next: string | undefined) {
      url = next;
    },
    deliveries: (): FakeWebhookDelivery[] => deliveries.map((d) => ({ ...d })),
    /** Resolves once no delivery is under way (each was delivered, or gave up). */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      closed = true;
      for (const [timer, resolve] of waits) {
        clearTimeout(timer);
        resolve();
      }
      waits.clear();
    },
  };
}

export type FakeWebhookSender = ReturnType<typeof createWebhookSender>;
