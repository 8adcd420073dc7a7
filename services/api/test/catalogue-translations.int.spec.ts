/**
 * Issue 46: staff translate event and package names and descriptions; the public answers give them in
 * the asked language (`?lang=`), field by field with English as the fallback.
 */
import { TRANSLATIONS_MESSAGES } from '@hs/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

describe('translated catalogue texts', () => {
  let api: TestApi;
  let packageId: number;
  let eventId: number;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const get = (url: string) => api.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    api = await startTestApi();
    const pkg = await admin('POST', '/api/admin/packages', {
      name: 'Basic Health',
      price: '100',
      description: 'Blood pressure and glucose',
      translations: {
        zh: { name: '基本健康检查', description: '  ' },
        ta: { name: 'அடிப்படை சுகாதாரப் பரிசோதனை' },
      },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    packageId = pkg.json().data.id;
    const event = await admin('POST', '/api/admin/events', {
      name: 'Community Screening',
      slug: 'community-screening',
      description: 'Screening at the community centre',
      packageIds: [packageId],
      translations: {
        zh: { name: '社区健康检查', description: '在社区中心进行检查' },
        ms: { description: 'Saringan di pusat komuniti' },
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    eventId = event.json().data.id;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('keeps what staff gave (empty texts dropped) and shows it to staff', async () => {
    const pkg = (await admin('GET', `/api/admin/packages/${packageId}`)).json().data;
    expect(pkg.translations).toEqual({
      zh: { name: '基本健康检查' },
      ta: { name: 'அடிப்படை சுகாதாரப் பரிசோதனை' },
    });
    const event = (await admin('GET', `/api/admin/events/${eventId}`)).json().data;
    expect(event.translations).toEqual({
      zh: { name: '社区健康检查', description: '在社区中心进行检查' },
      ms: { description: 'Saringan di pusat komuniti' },
    });
  });

  it('answers the asked language field by field, English where staff gave nothing', async () => {
    const zh = (await get('/api/events/community-screening?lang=zh')).json().data;
    expect([zh.name, zh.description]).toEqual(['社区健康检查', '在社区中心进行检查']);
    expect([zh.packages[0].name, zh.packages[0].description]).toEqual([
      '基本健康检查',
      'Blood pressure and glucose',
    ]);
    const ms = (await get('/api/events/community-screening?lang=ms')).json().data;
    expect([ms.name, ms.description]).toEqual(['Community Screening', 'Saringan di pusat komuniti']);
    expect(ms.packages[0].name).toBe('Basic Health');
    const en = (await get('/api/events/community-screening')).json().data;
    expect([en.name, en.packages[0].name]).toEqual(['Community Screening', 'Basic Health']);
    const list = (await get('/api/events?lang=zh')).json().data;
    expect(list.find((e: { id: number }) => e.id === eventId).name).toBe('社区健康检查');
    // the English list is not served from the Chinese one's cache
    const listEn = (await get('/api/events')).json().data;
    expect(listEn.find((e: { id: number }) => e.id === eventId).name).toBe('Community Screening');
  });

  it('refuses an unknown language and a malformed translation (400); an update without them keeps them', async () => {
    expect((await get('/api/events?lang=fr')).statusCode).toBe(400);
    const bad = await admin('PUT', `/api/admin/packages/${packageId}`, {
      name: 'Basic Health',
      price: '100',
      translations: { zh: { name: 'x'.repeat(201) } },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, TRANSLATIONS_MESSAGES.name]);
    const unknown = await admin('PUT', `/api/admin/packages/${packageId}`, {
      name: 'Basic Health',
      price: '100',
      translations: { fr: { name: 'Santé' } },
    });
    expect(unknown.statusCode).toBe(400);
    const kept = await admin('PUT', `/api/admin/packages/${packageId}`, {
      name: 'Basic Health Plus',
      price: '110',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.translations.zh).toEqual({ name: '基本健康检查' });
    const replaced = await admin('PUT', `/api/admin/events/${eventId}`, {
      name: 'Community Screening',
      slug: 'community-screening',
      translations: { ta: { name: 'சமூக சுகாதாரப் பரிசோதனை' } },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.translations).toEqual({ ta: { name: 'சமூக சுகாதாரப் பரிசோதனை' } });
    await expect
      .poll(async () => (await get('/api/events/community-screening?lang=zh')).json().data.name, {
        timeout: 5_000,
      })
      .toBe('Community Screening');
  });
});
