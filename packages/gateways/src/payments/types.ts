/** Card payments: the one interface both adapters (test mode, live Braintree) implement. */

export interface SaleRequest {
  /** The server's balance due, integer cents (never a client amount). */
  amountCents: number;
  /** One-time payment method nonce from the drop-in (not card data). */
  nonce: string;
  deviceData?: string;
  /** Our reference for the sale (the registration's reference number or id). */
  orderId: string;
  /** The same key twice answers the first result without a second charge (within one process). */
  idempotencyKey: string;
}

export type SaleResult =
  | {
      ok: true;
      transactionId: string;
      amountCents: number;
      cardType?: string;
      last4?: string;
      status: string;
    }
  | {
      ok: false;
      /** true: the card was declined (processor or gateway rejection); false: the request was invalid. */
      declined: boolean;
      message: string;
      /** The gateway's id of the declined transaction, when it made one. */
      transactionId?: string;
      /** Processor response code (e.g. '2000') or gateway rejection reason, when known. */
      code?: string;
    };

export interface FoundTransaction {
  transactionId: string;
  amountCents: number;
  orderId: string;
  status: string;
}

export interface RefundRequest {
  /** The sale's transaction id. */
  transactionId: string;
  /** How much to give back, integer cents: the whole sale or a part of it. */
  amountCents: number;
  /** The same key twice answers the first accepted result without a second refund (within one process). */
  idempotencyKey: string;
}

export type RefundResult =
  | {
      ok: true;
      /** 'void': the unsettled sale was cancelled (nothing is collected); 'refund': money was sent back. */
      kind: 'void' | 'refund';
      /** The refund's own transaction id; a void answers the sale's id. */
      refundTransactionId: string;
      amountCents: number;
      status: string;
    }
  | {
      ok: false;
      /** Why nothing was given back; safe to show. */
      message: string;
      /** Braintree's validation code (e.g. '91506', '91521'); refusals decided before calling Braintree carry the code Braintree would answer. */
      code?: string;
    };

export interface PaymentGateway {
  readonly mode: 'test' | 'live';
  /** A client token for the drop-in; in test mode it starts with 'test-'. */
  clientToken(): Promise<string>;
  /** Charges and submits for settlement. Throws PaymentGatewayError when the outcome is unknown. */
  sale(req: SaleRequest): Promise<SaleResult>;
  /** A transaction this gateway processed, or null. */
  findTransaction(transactionId: string): Promise<FoundTransaction | null>;
  /**
   * Gives money back on a sale: voids it while unsettled (whole amount only), refunds it once settled.
   * `{ ok: false }` means nothing was given back. Throws PaymentGatewayError when the outcome is unknown.
   */
  refund(req: RefundRequest): Promise<RefundResult>;
  /**
   * Voids an unsettled sale outright, e.g. a charge accepted for an order that expired in the same
   * instant. Throws PaymentGatewayError when the outcome is unknown.
   */
  void(transactionId: string): Promise<RefundResult>;
}

export const PAYMENT_MESSAGES = {
  notInitialized: 'Payment system not initialized',
  failed: 'Payment processing failed',
  invalidMethod: 'Invalid payment method',
  invalidAmount: 'Invalid payment amount',
  unreachable: 'Unable to connect to payment server.',
} as const;

/** Live mode without credentials: the API answers 503 with this message. */
export class PaymentNotConfiguredError extends Error {
  constructor(message: string = PAYMENT_MESSAGES.notInitialized) {
    super(message);
    this.name = 'PaymentNotConfiguredError';
  }
}

/**
 * The gateway could not be reached or answered with an error (authentication, server error, time-out):
 * the outcome of a sale is unknown, nothing may be recorded. The message is safe to show.
 */
export class PaymentGatewayError extends Error {
  constructor(
    message: string = PAYMENT_MESSAGES.unreachable,
    readonly causeType?: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** A positive whole number of cents. */
export function isValidAmountCents(cents: unknown): cents is number {
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0;
}

/**
 * Idempotent runner: the first call for a key runs `fn`; later calls (also concurrent ones) share its
 * promise. A call that throws, or whose result `remember` rejects, is forgotten so it may be retried.
 * Bounded (oldest keys dropped first).
 */
export function createIdempotencyCache<T>(maxEntries = 10_000, remember: (value: T) => boolean = () => true) {
  const entries = new Map<string, Promise<T>>();
  return {
    has: (key: string) => entries.has(key),
    run(key: string, fn: () => Promise<T>): { replay: boolean; result: Promise<T> } {
      const existing = entries.get(key);
      if (existing) return { replay: true, result: existing };
      const result = fn();
      entries.set(key, result);
      const forget = () => {
        if (entries.get(key) === result) entries.delete(key);
      };
      result.then((value) => {
        if (!remember(value)) forget();
      }, forget);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      return { replay: false, result };
    },
  };
}

/** Braintree transaction statuses in which money was (or will be) collected. */
export const SUCCESSFUL_TRANSACTION_STATUSES: readonly string[] = [
  'authorized',
  'authorizing',
  'submitted_for_settlement',
  'settling',
  'settlement_pending',
  'settlement_confirmed',
  'settled',
];

/** Did this transaction collect money (not declined, rejected, failed, voided)? */
export function isSuccessfulTransactionStatus(status: string): boolean {
  return SUCCESSFUL_TRANSACTION_STATUSES.includes(status);
}
