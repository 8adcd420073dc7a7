/**
 * The fake Singpass as a process of its own, for the demo (`npm start`) and the browser tests:
 *   FAKE_SINGPASS_PORT            default 12122
 *   SINGPASS_CLIENT_ID            required: the api's client id
 *   SINGPASS_REDIRECT_URI         required: the api's callback (comma separated for several)
 *   FAKE_SINGPASS_CLIENT_JWKS_URI the api's /.well-known/jwks.json, fetched when needed; or, without it,
 *   SINGPASS_SIGNING_KEYS / SINGPASS_ENCRYPTION_KEYS  the api's own keys, of which only the public
 *                                 parts are registered.
 * The api reaches it with SINGPASS_ISSUER=http://127.0.0.1:<port>.
 */
import { publicJwks, singpassKeysFromEnv } from './keys';
import { startFakeSingpass } from './fake-singpass-server';

export async function runFakeSingpassProcess(env: Record<string, string | undefined> = process.env) {
  const clientId = env.SINGPASS_CLIENT_ID?.trim();
  const redirectUris = (env.SINGPASS_REDIRECT_URI ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const jwksUri = env.FAKE_SINGPASS_CLIENT_JWKS_URI?.trim();
  if (!clientId || redirectUris.length === 0) {
    console.error(
      'fake Singpass: SINGPASS_CLIENT_ID and SINGPASS_REDIRECT_URI are required (the api uses the same)',
    );
    process.exit(1);
  }
  let clientJwks: ReturnType<typeof publicJwks> | undefined;
  if (!jwksUri) {
    try {
      clientJwks = publicJwks(singpassKeysFromEnv(env));
    } catch (error) {
      console.error(
        `fake Singpass: set FAKE_SINGPASS_CLIENT_JWKS_URI, or the api's keys: ${(error as Error).message}`,
      );
      process.exit(1);
    }
  }
  const port = Number(env.FAKE_SINGPASS_PORT ?? 12122);

  const server = await startFakeSingpass({
    port,
    clientId,
    redirectUris,
    ...(jwksUri ? { jwksUri } : { clientJwks }),
  });
  console.log(`fake Singpass listening on ${server.url}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
