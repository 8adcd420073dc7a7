/**
 * Singpass Myinfo's settings (issue 49). Without SINGPASS_ISSUER, Myinfo is simply not offered; with it,
 * the client id and both key lists are required. The redirect URI defaults to PUBLIC_BASE_URL's
 * callback. Production refuses an issuer on this machine (the local fake Singpass) unless DEMO=true.
 */
import { type CommonConfig, ConfigError, type Env, optionalStr, optionalUrl } from '@hs/config';
import { type SingpassConfig, singpassKeysFromEnv } from '@hs/gateways';

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;

export function readSingpassConfig(
  env: Env,
  common: Pick<CommonConfig, 'env' | 'demo' | 'publicBaseUrl'>,
): SingpassConfig | null {
  const issuer = optionalUrl(env, 'SINGPASS_ISSUER', ['http', 'https']);
  if (!issuer) return null;
  const clientId = optionalStr(env, 'SINGPASS_CLIENT_ID');
  if (!clientId) throw new ConfigError('SINGPASS_CLIENT_ID', 'is required with SINGPASS_ISSUER');
  if (common.env === 'production' && !common.demo && LOOPBACK.test(issuer)) {
    throw new ConfigError(
      'SINGPASS_ISSUER',
      'must not point at a fake Singpass on this machine in production (DEMO=true runs the demo with the fakes)',
    );
  }
  let keys: ReturnType<typeof singpassKeysFromEnv>;
  try {
    keys = singpassKeysFromEnv(env);
  } catch (error) {
    // the message names the variable and the key's position, never the key
    const message = (error as Error).message;
    const variable = message.startsWith('SINGPASS_ENCRYPTION_KEYS')
      ? 'SINGPASS_ENCRYPTION_KEYS'
      : 'SINGPASS_SIGNING_KEYS';
    throw new ConfigError(variable, `is not usable: ${message}`);
  }
  const redirectUri =
    optionalUrl(env, 'SINGPASS_REDIRECT_URI', ['http', 'https']) ??
    `${common.publicBaseUrl.replace(/\/$/, '')}/api/myinfo/callback`;
  // The login cookie is scoped to /api/myinfo: a callback anywhere else would never see it.
  if (new URL(redirectUri).pathname !== '/api/myinfo/callback') {
    throw new ConfigError(
      'SINGPASS_REDIRECT_URI',
      "must end in /api/myinfo/callback (this api's callback route)",
    );
  }
  return { issuer, clientId, redirectUri, ...keys };
}
