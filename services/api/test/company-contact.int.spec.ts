/**
 * Issue 46: the clinic's contact details are company settings (phone and email beside the address),
 * checked with a 400 naming the field, and public at GET /api/company-contact for the site's footer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

const SETTINGS = {
  companyName: 'Demo Health Screening Pte Ltd',
  address: '10 Anson Road, #20-01, Singapore 079903',
  uen: '201912345K',
  gstRegistrationNumber: 'M90000000A',
  invoicePrefix: 'HS',
};

describe("the clinic's contact details (issue 46)", () => {
  let api: TestApi;
  const put = (payload: object) =>
    api.asAdmin({ method: 'PUT', url: '/api/admin/company-settings', payload });
  const contact = async () => (await api.app.inject('/api/company-contact')).json();

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers the defaults before any settings are saved, without signing in', async () => {
    const res = await api.app.inject('/api/company-contact');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { name: 'Health Screening', address: '', phone: '', email: '' },
    });
  });

  it('refuses a phone or email of the wrong shape with a 400 naming the field', async () => {
    const phone = await put({ ...SETTINGS, contactPhone: '+65 1234' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual([
      { field: 'contactPhone', message: expect.stringMatching(/^Contact phone must be a Singapore number/) },
    ]);
    const email = await put({ ...SETTINGS, contactEmail: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual([
      { field: 'contactEmail', message: expect.stringMatching(/^Contact email must be/) },
    ]);
    const long = await put({ ...SETTINGS, contactEmail: `${'a'.repeat(300)}@x.sg` });
    expect(long.statusCode).toBe(400);
    expect((await contact()).data.phone).toBe('');
  });

  it('saves them normalised and shows them publicly with the name and address', async () => {
    const ok = await put({
      ...SETTINGS,
      contactPhone: '+6561234567',
      contactEmail: ' Hello@Clinic.example.SG ',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      contactPhone: '+65 6123 4567',
      contactEmail: 'hello@clinic.example.sg',
    });
    expect((await contact()).data).toEqual({
      name: SETTINGS.companyName,
      address: SETTINGS.address,
      phone: '+65 6123 4567',
      email: 'hello@clinic.example.sg',
    });
    // optional: saved again without them, the site shows none
    expect((await put(SETTINGS)).statusCode).toBe(200);
    expect((await contact()).data).toMatchObject({ phone: '', email: '' });
  });
});
