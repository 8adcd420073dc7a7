import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSingpassGateway, FAKE_SINGPASS_PERSONAS, generateSingpassKeys } from '../src';
import { CLIENT_ID, loginAtFakeSingpass, REDIRECT_URI } from './singpass-browser';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the fake Singpass as a process (npm start, browser tests)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  it('serves on FAKE_SINGPASS_PORT with the api keys from SINGPASS_*_KEYS, and stops on SIGTERM', async () => {
    const { signingKey, encryptionKey } = await generateSingpassKeys();
    const port = await freePort();
    const main = fileURLToPath(new URL('../src/singpass/fake-singpass-main.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        FAKE_SINGPASS_PORT: String(port),
        SINGPASS_CLIENT_ID: CLIENT_ID,
        SINGPASS_REDIRECT_URI: REDIRECT_URI,
        SINGPASS_SIGNING_KEYS: JSON.stringify([signingKey]),
        SINGPASS_ENCRYPTION_KEYS: JSON.stringify([encryptionKey]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('listening')) resolve(out);
      });
      child!.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const issuer = `http://127.0.0.1:${port}`;
    expect(await started).toContain(`fake Singpass listening on ${issuer}`);

    const gateway = createSingpassGateway({
      issuer,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      signingKeys: [signingKey],
      encryptionKeys: [encryptionKey],
    });
    const { url, session } = await gateway.startLogin();
    const callback = await loginAtFakeSingpass(url, REDIRECT_URI, {
      persona: FAKE_SINGPASS_PERSONAS[0]!.sub,
    });
    expect((await gateway.finishLogin(callback, session)).identificationNumber).toBe('S8012345J');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses to start without the client id and redirect URI', async () => {
    const main = fileURLToPath(new URL('../src/singpass/fake-singpass-main.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, SINGPASS_CLIENT_ID: '', SINGPASS_REDIRECT_URI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('SINGPASS_CLIENT_ID and SINGPASS_REDIRECT_URI are required');
  });
});
