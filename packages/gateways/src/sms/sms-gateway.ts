/**
 * SMS (issue 26): one small interface, a real adapter speaking Twilio's Messages API, and a local
 * fake server speaking the same API (fake-sms-server.ts) for tests and the demo.
 *
 * The API this adapter speaks:
 * - POST {baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json, basic auth accountSid:authToken,
 *   form fields To (E.164), From (sender id), Body -> 201 { sid, status, ... } | 4xx/5xx { code, message }
 * No retries here: the worker's job is retried with backoff by BullMQ, and records the final outcome.
 */

export interface SmsMessage {
  /** E.164, e.g. +6591234567 */
  to: string;
  body: string;
}

export interface SmsGateway {
  /** Sends one SMS; answers the provider's message id. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
}

/** The provider refused the message for good (bad number, unauthorised...): retrying will not help. */
export class SmsRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SmsRejectedError';
  }
}

/** The provider is down, timed out or answered a server error: worth retrying. */
export class SmsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsUnavailableError';
  }
}

export interface TwilioSmsConfig {
  /** SMS_PROVIDER_URL, e.g. https://api.twilio.com */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** SMS_SENDER_ID: an alphanumeric sender id or a number. */
  senderId: string;
  timeoutMs?: number;
}

export function createTwilioSmsGateway(config: TwilioSmsConfig): SmsGateway {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send({ to, body }) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: config.senderId, Body: body }).toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsUnavailableError(`SMS provider unreachable: ${(err as Error).message}`);
      }
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text || '{}');
      } catch {
        // not JSON: the status decides
      }
      const message = typeof json.message === 'string' ? json.message : `HTTP ${res.status}`;
      if (res.status >= 500 || res.status === 429) {
        throw new SmsUnavailableError(`SMS provider answered ${res.status}: ${message}`);
      }
      if (!res.ok) throw new SmsRejectedError(res.status, `SMS provider refused (${res.status}): ${message}`);
      if (typeof json.sid !== 'string') throw new SmsUnavailableError('SMS provider answered without a sid');
      return { providerId: json.sid };
    },
  };
}
