import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeSmsServer,
  SmsRejectedError,
  SmsUnavailableError,
  createTwilioSmsGateway,
  startFakeSmsServer,
} from '../src';

describe('SMS gateway (Twilio Messages API shape) against the local fake server', () => {
  let server: FakeSmsServer;
  afterEach(() => server?.close());

  const gateway = (token = 'secret') =>
    createTwilioSmsGateway({
      baseUrl: server.url,
      accountSid: 'AC123',
      authToken: token,
      senderId: 'HealthScr',
    });

  it('sends To, From and Body with basic auth and answers the sid', async () => {
    server = await startFakeSmsServer({ accountSid: 'AC123', authToken: 'secret' });
    const { providerId } = await gateway().send({ to: '+6591234567', body: 'Hello 你好 வணக்கம்' });
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(server.messages).toEqual([
      expect.objectContaining({
        sid: providerId,
        to: '+6591234567',
        from: 'HealthScr',
        body: 'Hello 你好 வணக்கம்',
      }),
    ]);
  });

  it('a 500 is worth a retry; a 4xx is refused for good; a wrong token is refused', async () => {
    server = await startFakeSmsServer({ accountSid: 'AC123', authToken: 'secret' });
    server.failNext(1, 500);
    await expect(gateway().send({ to: '+6591234567', body: 'x' })).rejects.toBeInstanceOf(
      SmsUnavailableError,
    );
    await expect(gateway().send({ to: '91234567', body: 'x' })).rejects.toBeInstanceOf(SmsRejectedError);
    await expect(gateway('wrong').send({ to: '+6591234567', body: 'x' })).rejects.toBeInstanceOf(
      SmsRejectedError,
    );
    expect(server.messages).toHaveLength(0);
    expect(server.requests).toBe(3);
  });

  it('an unreachable provider is worth a retry', async () => {
    server = await startFakeSmsServer();
    const url = server.url;
    await server.close();
    const g = createTwilioSmsGateway({ baseUrl: url, accountSid: 'AC1', authToken: 't', senderId: 'x' });
    await expect(g.send({ to: '+6591234567', body: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
    server = await startFakeSmsServer();
  });
});
