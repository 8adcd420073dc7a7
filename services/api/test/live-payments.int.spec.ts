import { createBraintreeGateway, type FakeBraintreeServer, startFakeBraintreeServer } from '@hs/gateways';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

/**
 * Issue 45: switching to live payments while the provider was "Not configured" took one click, and then
 * every customer's payment page failed. The switch is now refused (409, naming what is missing) unless
 * the live provider gives a client token; "Test connection" runs the same check.
 */
const credentials = { merchantId: 'hs_merchant', publicKey: 'hs_public', privateKey: 'hs_private' };

describe('live payments only when they work (issue 45)', () => {
  let unconfigured: TestApi;
  let working: TestApi;
  let server: FakeBraintreeServer;

  beforeAll(async () => {
    server = await startFakeBraintreeServer(credentials);
    unconfigured = await startTestApi();
    // The real Braintree adapter against the local fake server, as live.
    const live = createBraintreeGateway({ environment: 'sandbox', ...credentials, baseUrl: server.url });
    working = await startTestApi({}, { world: { payments: { test: live, live } } });
  });
  afterAll(async () => {
    await unconfigured.close();
    await working.close();
    await server.close();
  });

  const goLive = (api: TestApi) =>
    api.asAdmin({ method: 'POST', url: '/api/admin/payments/test-mode', payload: { enabled: false } });
  const check = async (api: TestApi) =>
    (await api.asAdmin({ method: 'POST', url: '/api/admin/payments/provider-check' })).json();

  it('refuses live mode without the provider configured, naming what is missing, and stays in test mode', async () => {
    const res = await goLive(unconfigured);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message:
        'Live payments need the payment provider configured: set BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY on the server.',
    });
    const mode = await unconfigured.asAdmin({ method: 'GET', url: '/api/admin/payments/test-mode' });
    expect(mode.json()).toMatchObject({ testMode: true, provider: { configured: false } });
    expect(await check(unconfigured)).toMatchObject({
      success: true,
      data: { ok: false, configured: false, message: expect.stringContaining('BRAINTREE_MERCHANT_ID') },
    });
    // Back to test mode is never refused.
    const back = await unconfigured.asAdmin({
      method: 'POST',
      url: '/api/admin/payments/test-mode',
      payload: { enabled: true },
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses live mode while the provider does not give a client token, and allows it once it does', async () => {
    server.failNext(2, 503, 'client_token');
    expect((await check(working)).data).toMatchObject({ ok: false, configured: true });
    const refused = await goLive(working);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^The payment provider did not give a client token \(.+\): live payments would fail\.$/,
    );
    expect(
      (await working.asAdmin({ method: 'GET', url: '/api/admin/payments/test-mode' })).json().testMode,
    ).toBe(true);

    expect(await check(working)).toMatchObject({
      data: { ok: true, configured: true, checkedAt: expect.any(String) },
    });
    const live = await goLive(working);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ success: true, testMode: false });
    // The customers' payment page now gets a token from the live provider.
    const token = await working.app.inject('/api/payments/client-token');
    expect(token.statusCode, token.body).toBe(200);
  });

  it('lets only admins test the connection', async () => {
    const anonymous = await working.app.inject({ method: 'POST', url: '/api/admin/payments/provider-check' });
    expect(anonymous.statusCode).toBe(401);
  });
});
