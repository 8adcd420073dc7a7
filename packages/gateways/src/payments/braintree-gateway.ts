/// <reference path="./braintree-sdk.d.ts" />
/**
 * Live payment gateway on the `braintree` SDK: client tokens for the drop-in, sales submitted for
 * settlement, and voids or refunds of them. Amounts are integer cents here and decimal strings ("123.45") towards Braintree.
 * Nothing here logs; results carry the card type and last 4 only, never a card number.
 */
import braintree, {
  type BraintreeGateway as SdkGateway,
  type ErrorResult,
  type Transaction,
  type TransactionResult,
} from 'braintree';
import { parseMoney, toMoneyString } from '@hs/domain';
import { BRAINTREE_REFUND_ERRORS, planRefund, REFUND_MESSAGES, REFUNDABLE_STATUSES } from './refund-rules';
import {
  createIdempotencyCache,
  isValidAmountCents,
  PAYMENT_MESSAGES,
  PaymentGatewayError,
  type PaymentGateway,
  PaymentNotConfiguredError,
  type RefundResult,
  type SaleResult,
} from './types';

export interface BraintreeGatewayOptions {
  environment: 'sandbox' | 'production';
  merchantId?: string;
  publicKey?: string;
  privateKey?: string;
  /** The merchant account (currency) to charge; Braintree's default account when absent. */
  merchantAccountId?: string;
  /** Tests: the base URL of a local server speaking Braintree's gateway API, e.g. "http://127.0.0.1:4010". */
  baseUrl?: string;
  /** SDK request time-out (the SDK's default is 60 s). */
  timeoutMs?: number;
}

/** True when all three credentials are present (live mode can serve). */
export function isBraintreeConfigured(opts: Partial<BraintreeGatewayOptions>): boolean {
  return !!(opts.merchantId?.trim() && opts.publicKey?.trim() && opts.privateKey?.trim());
}

/** The SDK environment: sandbox, production, or a custom host/port (no TLS for http://) for tests. */
export function braintreeEnvironment(opts: Pick<BraintreeGatewayOptions, 'environment' | 'baseUrl'>) {
  if (opts.baseUrl) {
    const url = new URL(opts.baseUrl);
    const ssl = url.protocol === 'https:';
    const port = url.port || (ssl ? '443' : '80');
    return new braintree.Environment(url.hostname, port, opts.baseUrl, ssl, url.hostname, port);
  }
  return opts.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox;
}

/** Maps the SDK's sale result to ours. */
export function mapSaleResult(result: TransactionResult): SaleResult {
  if (result.success) {
    const t = result.transaction;
    const amountCents = parseMoney(t.amount);
    if (amountCents === null) throw new PaymentGatewayError(PAYMENT_MESSAGES.failed, 'bad-amount');
    return {
      ok: true,
      transactionId: t.id,
      amountCents,
      status: t.status,
      ...(t.creditCard?.cardType ? { cardType: t.creditCard.cardType } : {}),
      ...(t.creditCard?.last4 ? { last4: t.creditCard.last4 } : {}),
    };
  }
  return mapErrorResult(result);
}

/**
 * A failed result. With a transaction it was declined: by the processor (status processor_declined,
 * the processor's text as message, e.g. 'Do Not Honor'), or rejected by the gateway's rules
 * (gateway_rejected: cvv, avs, fraud, duplicate...), or settlement_declined / failed.
 * Without a transaction it was a validation error (bad nonce, amount...): declined false.
 */
export function mapErrorResult(result: ErrorResult): SaleResult {
  const t: Transaction | undefined = result.transaction;
  if (t) {
    const processorText = t.status === 'processor_declined' ? t.processorResponseText?.trim() : undefined;
    const code =
      t.status === 'processor_declined'
        ? (t.processorResponseCode ?? undefined)
        : (t.gatewayRejectionReason ?? t.processorResponseCode ?? undefined);
    return {
      ok: false,
      declined: true,
      message: processorText || PAYMENT_MESSAGES.failed,
      transactionId: t.id,
      ...(code ? { code } : {}),
    };
  }
  const first = safeDeepErrors(result)[0];
  return {
    ok: false,
    declined: false,
    message: result.message?.trim() || first?.message || PAYMENT_MESSAGES.invalidMethod,
    ...(first?.code ? { code: String(first.code) } : {}),
  };
}

/**
 * Maps the SDK's answer to a void or a refund. Accepted: the voided sale (its own id) or the new
 * refund transaction. Refused: Braintree's validation error (e.g. 91506 'Cannot refund transaction
 * unless it is settled.'), or, rarely, a refund the processor declined.
 */
export function mapRefundResult(kind: 'void' | 'refund', result: TransactionResult): RefundResult {
  if (result.success) {
    const t = result.transaction;
    const amountCents = parseMoney(t.amount);
    if (amountCents === null) throw new PaymentGatewayError(REFUND_MESSAGES.failed, 'bad-amount');
    return { ok: true, kind, refundTransactionId: t.id, amountCents, status: t.status };
  }
  const t = result.transaction;
  if (t) {
    const code = t.processorResponseCode ?? t.gatewayRejectionReason ?? undefined;
    return {
      ok: false,
      message: t.processorResponseText?.trim() || REFUND_MESSAGES.failed,
      ...(code ? { code } : {}),
    };
  }
  const first = safeDeepErrors(result)[0];
  return {
    ok: false,
    message: first?.message || result.message?.trim() || REFUND_MESSAGES.failed,
    ...(first?.code ? { code: String(first.code) } : {}),
  };
}

function safeDeepErrors(result: ErrorResult) {
  try {
    return result.errors?.deepErrors() ?? [];
  } catch {
    return [];
  }
}

/** SDK exceptions (authentication, not found, server error, time-out) are plain errors with a `type`. */
function sdkErrorType(error: unknown): string | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

function toGatewayError(error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  return new PaymentGatewayError(PAYMENT_MESSAGES.unreachable, sdkErrorType(error) ?? 'unexpected');
}

/** Runs an SDK call on a transaction: null when Braintree does not know it; any other exception means the outcome is unknown. */
async function onTransaction<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    if (sdkErrorType(error) === braintree.errorTypes.notFoundError) return null;
    throw toGatewayError(error);
  }
}

/** A transaction id safe to put in a URL path, or null. */
function cleanTransactionId(transactionId: unknown): string | null {
  const id = String(transactionId ?? '').trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

const notFound: RefundResult = { ok: false, message: REFUND_MESSAGES.notFound };

/**
 * The live adapter. Without credentials it is still created (so the app starts), and every call
 * rejects with PaymentNotConfiguredError ('Payment system not initialized'): the API answers 503.
 */
export function createBraintreeGateway(opts: BraintreeGatewayOptions): PaymentGateway {
  const configured = isBraintreeConfigured(opts);
  let sdk: SdkGateway | undefined;
  const gateway = () => {
    if (!configured) throw new PaymentNotConfiguredError();
    if (!sdk) {
      sdk = new braintree.BraintreeGateway({
        environment: braintreeEnvironment(opts),
        merchantId: opts.merchantId!.trim(),
        publicKey: opts.publicKey!.trim(),
        privateKey: opts.privateKey!.trim(),
      });
      if (opts.timeoutMs) sdk.config.timeout = opts.timeoutMs;
    }
    return sdk;
  };
  const merchantAccount = opts.merchantAccountId?.trim()
    ? { merchantAccountId: opts.merchantAccountId.trim() }
    : {};
  const idempotency = createIdempotencyCache<SaleResult>();
  // Only accepted refunds are remembered: a refusal moved no money, so the same key may try again.
  const refunds = createIdempotencyCache<RefundResult>(10_000, (result) => result.ok);
  const voids = createIdempotencyCache<RefundResult>(10_000, (result) => result.ok);

  const find = (gw: SdkGateway, id: string) => onTransaction(() => gw.transaction.find(id));
  const voidSale = async (gw: SdkGateway, id: string) => {
    const result = await onTransaction(() => gw.transaction.void(id));
    return result ? mapRefundResult('void', result) : notFound;
  };
  const refundSettled = async (gw: SdkGateway, id: string, amountCents: number) => {
    const result = await onTransaction(() => gw.transaction.refund(id, toMoneyString(amountCents)));
    return result ? mapRefundResult('refund', result) : notFound;
  };

  const refundOnce = async (gw: SdkGateway, id: string, amountCents: number): Promise<RefundResult> => {
    const sale = await find(gw, id);
    if (!sale) return notFound;
    const saleCents = parseMoney(sale.amount);
    if (saleCents === null) throw new PaymentGatewayError(REFUND_MESSAGES.failed, 'bad-amount');
    const plan = planRefund({ status: sale.status, amountCents: saleCents }, amountCents);
    if (plan.action === 'refuse') return plan.refusal;
    if (plan.action === 'refund') return refundSettled(gw, id, amountCents);
    const voided = await voidSale(gw, id);
    if (voided.ok || voided.code !== BRAINTREE_REFUND_ERRORS.cannotBeVoided.code) return voided;
    // Settlement began between the look-up and the void: once it is refundable, refund instead.
    const now = await find(gw, id);
    return now && REFUNDABLE_STATUSES.includes(now.status) ? refundSettled(gw, id, amountCents) : voided;
  };

  return {
    mode: 'live',
    async clientToken() {
      const gw = gateway();
      let result: Awaited<ReturnType<typeof gw.clientToken.generate>>;
      try {
        result = await gw.clientToken.generate({ ...merchantAccount });
      } catch (error) {
        throw toGatewayError(error);
      }
      if (!result.success || !result.clientToken) {
        throw new PaymentGatewayError('Failed to initialize payment system', 'client-token');
      }
      return result.clientToken;
    },
    async sale(req) {
      const gw = gateway();
      if (!isValidAmountCents(req.amountCents)) {
        return { ok: false, declined: false, message: PAYMENT_MESSAGES.invalidAmount };
      }
      if (!req.nonce || typeof req.nonce !== 'string') {
        return { ok: false, declined: false, message: PAYMENT_MESSAGES.invalidMethod };
      }
      return idempotency.run(String(req.idempotencyKey), async () => {
        let result: TransactionResult;
        try {
          result = await gw.transaction.sale({
            amount: toMoneyString(req.amountCents),
            paymentMethodNonce: req.nonce,
            ...(req.deviceData ? { deviceData: req.deviceData } : {}),
            orderId: req.orderId,
            ...merchantAccount,
            options: { submitForSettlement: true },
          });
        } catch (error) {
          throw toGatewayError(error);
        }
        return mapSaleResult(result);
      }).result;
    },
    async findTransaction(transactionId) {
      const gw = gateway();
      const id = cleanTransactionId(transactionId);
      if (!id) return null;
      const t = await find(gw, id);
      if (!t) return null;
      const amountCents = parseMoney(t.amount);
      if (amountCents === null) throw new PaymentGatewayError(PAYMENT_MESSAGES.failed, 'bad-amount');
      return { transactionId: t.id, amountCents, orderId: t.orderId ?? '', status: t.status };
    },
    async refund(req) {
      const gw = gateway();
      const id = cleanTransactionId(req.transactionId);
      if (!id) return notFound;
      if (!isValidAmountCents(req.amountCents)) return { ok: false, message: REFUND_MESSAGES.invalidAmount };
      return refunds.run(String(req.idempotencyKey), () => refundOnce(gw, id, req.amountCents)).result;
    },
    async void(transactionId) {
      const gw = gateway();
      const id = cleanTransactionId(transactionId);
      if (!id) return notFound;
      return voids.run(id, () => voidSale(gw, id)).result;
    },
  };
}
