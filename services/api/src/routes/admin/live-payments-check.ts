import { PaymentNotConfiguredError, type PaymentGateway } from '@hs/gateways';
import type { ApiConfig } from '../../config';

/** How long "Test connection" and the switch to live mode wait for the provider. */
const CHECK_TIMEOUT_MS = 10_000;

const CREDENTIALS = [
  ['BRAINTREE_MERCHANT_ID', 'merchantId'],
  ['BRAINTREE_PUBLIC_KEY', 'publicKey'],
  ['BRAINTREE_PRIVATE_KEY', 'privateKey'],
] as const;

export interface LivePaymentsCheck {
  ok: boolean;
  configured: boolean;
  message: string;
}

/**
 * Whether live card payments would work now (issue 45): the live gateway gives a client token, as every
 * customer's payment page asks for first. Switching to live mode without it made every payment page
 * fail ('Failed to initialize payment system') while the Payments tab looked healthy.
 */
export async function checkLivePayments(
  live: PaymentGateway,
  braintree: ApiConfig['braintree'],
): Promise<LivePaymentsCheck> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      live.clientToken(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return {
      ok: true,
      configured: true,
      message: 'The payment provider answered: live payments can be taken.',
    };
  } catch (err) {
    if (err instanceof PaymentNotConfiguredError) {
      const missing = CREDENTIALS.filter(([, key]) => !braintree[key]?.trim()).map(([name]) => name);
      const what = missing.length > 0 ? missing.join(', ') : 'its credentials';
      return {
        ok: false,
        configured: false,
        message: `Live payments need the payment provider configured: set ${what} on the server.`,
      };
    }
    const reason = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      configured: true,
      message: `The payment provider did not give a client token (${reason}): live payments would fail.`,
    };
  } finally {
    clearTimeout(timer);
  }
}
