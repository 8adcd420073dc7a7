import type { Metrics } from './series';

/** One call to the outside world as `observeCalls` (@hs/gateways) reports it. */
export interface OutsideCall {
  gateway: string;
  operation: string;
  outcome: 'ok' | 'refused' | 'error';
  seconds: number;
  result?: unknown;
  error?: unknown;
}

/**
 * Records every outside call's latency, and from the same calls the payments, refunds and email
 * deliveries by outcome: the gateway's answer is where the outcome is known for certain.
 */
export function recordOutsideCall(metrics: Metrics) {
  return (call: OutsideCall): void => {
    if (call.operation === 'close') return; // shutting a connection pool down is no call out
    const { gateway, operation, outcome } = call;
    metrics.gatewayCallDuration.observe({ gateway, operation, outcome }, call.seconds);
    const result = (call.result ?? {}) as { declined?: boolean; kind?: string };
    if (gateway.startsWith('card') && operation === 'sale') {
      const paid = outcome === 'ok' ? 'succeeded' : outcome === 'error' ? 'error' : null;
      metrics.payments.inc({ outcome: paid ?? (result.declined ? 'declined' : 'invalid') });
    } else if (gateway.startsWith('card') && (operation === 'refund' || operation === 'void')) {
      const back = result.kind === 'void' ? 'voided' : 'refunded';
      metrics.refunds.inc({ outcome: outcome === 'ok' ? back : outcome });
    } else if (gateway === 'smtp' && operation === 'send') {
      const permanent = (call.error as Error | undefined)?.name === 'PermanentDeliveryError';
      metrics.emailDeliveries.inc({
        outcome: outcome === 'ok' ? 'sent' : permanent ? 'permanent_failure' : 'temporary_failure',
      });
    }
  };
}
