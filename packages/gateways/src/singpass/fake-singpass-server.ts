/**
 * A local Singpass (FAPI 2.0) authorization server on oidc-provider, so the real adapter is tested end
 * to end without the network and the demo's "Retrieve Myinfo" button works. Like Singpass it requires
 * pushed authorization requests, PKCE S256, DPoP-bound tokens and private_key_jwt (the only client
 * authentication), and answers userinfo as a JWS signed with its own ES256 key inside a JWE encrypted
 * to the client's key; the ID token likewise. One client, registered from the options.
 *
 * Endpoints (see <url>/.well-known/openid-configuration): /par, /auth, /token, /userinfo, /jwks, and
 * the login page at /interaction/:uid (fake-singpass-login.ts).
 *
 * Test controls, not Singpass's (also methods on the returned handle):
 *   POST /__fake/token/fail_next      {"count":1}: the next token requests answer 503
 *   POST /__fake/userinfo/fail_next   {"count":1}: the next userinfo requests answer 503
 *   GET  /__fake/personas             the demo personas (sub and name)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Configuration, default as Provider } from 'oidc-provider';
import { closeServer, listenLocal, readBody, sendJson } from '../local-server';
import { handleInteraction } from './fake-singpass-login';
import { FAKE_SINGPASS_PERSONAS, findPersona, personInfoForScope } from './fake-singpass-personas';

export interface FakeSingpassOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  clientId: string;
  redirectUris: string[];
  /** The client's public keys (its signing key checks the client assertions; its encryption key receives the JWEs)... */
  clientJwks?: { keys: JWK[] };
  /** ...or where to fetch them (our api's /.well-known/jwks.json). */
  jwksUri?: string;
}

export interface FakeSingpassServer {
  /** The issuer, 'http://127.0.0.1:<port>'. */
  url: string;
  port: number;
  /** The next `count` token requests answer 503 (Singpass unavailable). */
  failNextToken(count?: number): void;
  /** The next `count` userinfo requests answer 503. */
  failNextUserinfo(count?: number): void;
  close(): Promise<void>;
}

const MYINFO_SCOPES = [
  'uinfin',
  'name',
  'sex',
  'dob',
  'nationality',
  'residentialstatus',
  'mobileno',
  'email',
  'regadd',
];
const ECDH_ALGS = ['ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A192KW', 'ECDH-ES+A256KW'];
/** What Singpass uses for its JWEs (its sample ID token's header). */
const CONTENT_ENCRYPTION = 'A256CBC-HS512';

export async function startFakeSingpass(options: FakeSingpassOptions): Promise<FakeSingpassServer> {
  if (!options.clientJwks === !options.jwksUri)
    throw new Error('fake Singpass: give either clientJwks or jwksUri');
  const failures = { token: 0, userinfo: 0 };
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let provider: Provider | undefined;

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path.startsWith('/__fake/')) {
      void controls(req, res, path, failures).catch(() => sendJson(res, 500, { error: 'server_error' }));
      return;
    }
    if (!provider || !handler) return sendJson(res, 503, { error: 'temporarily_unavailable' });
    if (path.startsWith('/interaction/')) {
      void handleInteraction(provider, req, res, path);
      return;
    }
    const failing =
      req.method === 'POST' && path === '/token' ? 'token' : path === '/userinfo' ? 'userinfo' : null;
    if (failing && failures[failing] > 0) {
      failures[failing]--;
      return sendJson(res, 503, {
        error: 'temporarily_unavailable',
        error_description: 'fake Singpass: failing on request',
      });
    }
    handler(req, res);
  });

  const port = await listenLocal(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  // Loaded here, not at the top: the api imports this package in production, where the fake (and
  // oidc-provider's half second of loading and its Node-version warning) has no business.
  const oidcProvider = await import('oidc-provider');
  provider = new oidcProvider.default(
    url,
    await providerConfiguration(options, oidcProvider.interactionPolicy),
  );
  // An interaction error page or a client error must not stop the process; oidc-provider logs nothing by itself.
  provider.on('server_error', (_ctx, error) => console.error('fake Singpass: server error', error.message));
  handler = provider.callback();

  return {
    url,
    port,
    failNextToken: (count = 1) => {
      failures.token = count;
    },
    failNextUserinfo: (count = 1) => {
      failures.userinfo = count;
    },
    close: () => closeServer(server),
  };
}

async function controls(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  failures: { token: number; userinfo: number },
) {
  if (req.method === 'GET' && path === '/__fake/personas') {
    return sendJson(
      res,
      200,
      FAKE_SINGPASS_PERSONAS.map(({ sub, name, description }) => ({ sub, name, description })),
    );
  }
  const match = /^\/__fake\/(token|userinfo)\/fail_next$/.exec(path);
  if (req.method === 'POST' && match) {
    const raw = await readBody(req);
    const count = Number((raw.trim() ? JSON.parse(raw) : {}).count ?? 1);
    failures[match[1] as 'token' | 'userinfo'] = Number.isInteger(count) && count > 0 ? count : 1;
    return sendJson(res, 200, { ok: true });
  }
  return sendJson(res, 404, { error: 'not_found' });
}

async function providerConfiguration(
  options: FakeSingpassOptions,
  interactionPolicy: typeof import('oidc-provider').interactionPolicy,
): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: `fake-singpass-${randomBytes(4).toString('hex')}`,
    use: 'sig',
    alg: 'ES256',
  };
  const encryptionAlg = clientEncryptionAlg(options.clientJwks);

  const policy = interactionPolicy.base();
  // Singpass asks who you are every time: a demo must be able to pick another persona next time.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('every_time', 'fake Singpass asks each time', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  return {
    clients: [
      {
        client_id: options.clientId,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        ...(options.clientJwks ? { jwks: options.clientJwks } : { jwks_uri: options.jwksUri }),
        dpop_bound_access_tokens: true,
        require_pushed_authorization_requests: true,
        id_token_signed_response_alg: 'ES256',
        id_token_encrypted_response_alg: encryptionAlg,
        id_token_encrypted_response_enc: CONTENT_ENCRYPTION,
        userinfo_signed_response_alg: 'ES256',
        userinfo_encrypted_response_alg: encryptionAlg,
        userinfo_encrypted_response_enc: CONTENT_ENCRYPTION,
      } as never,
    ],
    clientAuthMethods: ['private_key_jwt'],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    routes: { pushed_authorization_request: '/par', userinfo: '/userinfo' },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', ...MYINFO_SCOPES],
    claims: {
      openid: ['sub'],
      ...Object.fromEntries(MYINFO_SCOPES.map((scope) => [scope, ['person_info']])),
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true },
      dPoP: { enabled: true },
      encryption: { enabled: true },
      jwtUserinfo: { enabled: true },
      userinfo: { enabled: true },
      fapi: { enabled: true, profile: '2.0' },
      rpInitiatedLogout: { enabled: false },
    },
    enabledJWA: {
      clientAuthSigningAlgValues: ['ES256'],
      idTokenSigningAlgValues: ['ES256'],
      userinfoSigningAlgValues: ['ES256'],
      dPoPSigningAlgValues: ['ES256'],
      idTokenEncryptionAlgValues: ECDH_ALGS,
      userinfoEncryptionAlgValues: ECDH_ALGS,
      idTokenEncryptionEncValues: [CONTENT_ENCRYPTION, 'A256GCM'],
      userinfoEncryptionEncValues: [CONTENT_ENCRYPTION, 'A256GCM'],
    } as never,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    findAccount: (_ctx, sub) => {
      const persona = findPersona(sub);
      if (!persona) return undefined;
      return {
        accountId: sub,
        claims: (use, scope) =>
          use === 'userinfo' ? { sub, person_info: personInfoForScope(persona, scope) } : { sub },
      };
    },
    // The client's jwks_uri is our api on this machine: oidc-provider's guard against fetching
    // loopback addresses (SSRF) has to step aside for a local fake.
    fetch: (url, init) => {
      const { dispatcher: _loopbackGuard, ...rest } = init as RequestInit & { dispatcher?: unknown };
      return fetch(url, rest);
    },
  };
}

/** The client's encryption key's alg when its keys are given; Singpass's usual ECDH-ES+A256KW otherwise. */
function clientEncryptionAlg(jwks: { keys: JWK[] } | undefined): string {
  const alg = jwks?.keys.find((k) => k.use === 'enc')?.alg;
  return alg && ECDH_ALGS.includes(alg) ? alg : 'ECDH-ES+A256KW';
}
