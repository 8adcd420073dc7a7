/**
 * "Retrieve Myinfo with Singpass" (issue 49): the redirect to Singpass (a pushed authorization request),
 * its callback (the code exchanged with a DPoP proof and a client assertion, the person decrypted and
 * kept sealed under a one-time handle), the prefill the form reads once, and our public keys.
 * The browser comes back to its own page with the handle, or an error kind, in the URL's fragment:
 * a fragment reaches no server log and no Referer.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema } from '@hs/contracts';
import { splitFullName } from '@hs/domain';
import { type MyinfoPerson, SingpassError } from '@hs/gateways';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, notFound } from '../../errors';
import { LOGIN_TTL_MS, readPrefill, saveHandle, saveLogin, takeLogin } from '../../myinfo/store';

export const MYINFO_MESSAGES = {
  notOffered: 'Myinfo is not available.',
  returnTo: 'returnTo must be a path on this site',
  prefillGone:
    'This Myinfo retrieval has expired or was already used. Please retrieve it again or enter your details.',
} as const;

/**
 * The login in flight, HttpOnly and only for these routes: it finds and opens the login kept
 * server-side. Named after the login's state, so two tabs' logins keep their own cookies.
 */
const loginCookie = (state: string) =>
  `hs_myinfo_${createHash('sha256').update(state).digest('base64url').slice(0, 16)}`;
/** Where the last login started: the way back when its login cookie is gone (another browser, expired). */
const BACK_COOKIE = 'hs_myinfo_back';
const COOKIE_PATH = '/api/myinfo';

/** A path on our own site: '/x...', never '//host' or '/\host' (both leave the site in a browser). */
export const isSitePath = (value: string): boolean =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /^\/(?![/\\])[^\s#\u0000-\u001f\u007f]*$/.test(value) && value.length <= 500 && !value.includes('\\');

const HandleParams = Type.Object({ handle: Type.String({ pattern: '^[A-Za-z0-9_-]{32,64}$' }) });

const PrefillSchema = Type.Object({
  handle: Type.String(),
  identificationNumber: Type.String(),
  fullName: Type.String({ description: 'The one full name Myinfo gives, as given' }),
  firstName: Type.String({ description: 'A suggested split of fullName (the person may change it)' }),
  lastName: Type.String(),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]),
  dateOfBirth: Type.String({ description: 'yyyy-MM-dd' }),
  nationality: Type.Union([Type.String(), Type.Null()]),
  residentialStatus: Type.Union([Type.String(), Type.Null()]),
  mobileNumber: Type.Union([Type.String(), Type.Null()], { description: '8 digits' }),
  email: Type.Union([Type.String(), Type.Null()]),
  postalCode: Type.Union([Type.String(), Type.Null()]),
  unitNumber: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
});

const JwksSchema = Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) });

function prefillOf(handle: string, p: MyinfoPerson) {
  return {
    handle,
    identificationNumber: p.identificationNumber,
    fullName: p.name,
    ...splitFullName(p.name),
    gender: p.sex === 'M' ? ('male' as const) : p.sex === 'F' ? ('female' as const) : null,
    dateOfBirth: p.dateOfBirth,
    nationality: p.nationality,
    residentialStatus: p.residentialStatus,
    mobileNumber: p.mobileNumber,
    email: p.email,
    postalCode: p.postalCode,
    unitNumber: p.unitNumber,
    address: p.address,
  };
}

const myinfo: FastifyPluginAsyncTypebox = async (app) => {
  const { sql, rateLimits } = app;
  const back = (reply: FastifyReply, returnTo: string, fragment: string) =>
    reply.redirect(`${returnTo}#${fragment}`, 303);
  const cookieOptions = (request: FastifyRequest) => ({
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  app.get(
    '/api/myinfo',
    {
      schema: {
        tags: ['public'],
        summary: 'Whether "Retrieve Myinfo with Singpass" is offered (issue 49)',
        response: { 200: Envelope(Type.Object({ enabled: Type.Boolean() })) },
      },
    },
    async () => ({ success: true as const, data: { enabled: app.singpass !== null } }),
  );

  app.get(
    '/api/myinfo/authorize',
    {
      config: { rateLimit: rateLimits.booking },
      schema: {
        tags: ['public'],
        summary:
          "Starts Myinfo: a pushed authorization request to Singpass, then 302 to Singpass's login. If Singpass cannot be reached, 303 back to returnTo with #myinfo-error=unavailable",
        querystring: Type.Object({ returnTo: Type.String({ maxLength: 500 }) }),
        response: {
          302: Type.Null({ description: "To Singpass's authorization page" }),
          303: Type.Null({ description: 'Back to returnTo with #myinfo-error=unavailable' }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const singpass = app.singpass;
      if (!singpass) throw notFound(MYINFO_MESSAGES.notOffered);
      const { returnTo } = request.query;
      if (!isSitePath(returnTo))
        throw badRequest(MYINFO_MESSAGES.returnTo, [
          { field: 'returnTo', message: MYINFO_MESSAGES.returnTo },
        ]);
      try {
        const { url, session } = await singpass.startLogin();
        const secret = await saveLogin(sql, { session, returnTo });
        const maxAge = LOGIN_TTL_MS / 1000;
        reply.setCookie(loginCookie(session.state), secret, { ...cookieOptions(request), maxAge });
        reply.setCookie(BACK_COOKIE, returnTo, { ...cookieOptions(request), maxAge });
        return reply.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof SingpassError)) throw error;
        request.log.warn({ kind: error.kind }, 'Singpass authorization request failed');
        return back(reply, returnTo, 'myinfo-error=unavailable');
      }
    },
  );

  app.get(
    '/api/myinfo/callback',
    {
      schema: {
        tags: ['public'],
        summary:
          "Singpass's redirect back: checks state and iss, exchanges the code (DPoP, private_key_jwt), reads and decrypts the person, keeps it sealed under a handle and 303s to returnTo with #myinfo=<handle> (or #myinfo-error=cancelled|unavailable|refused). Without the login's cookie, or for a login already used or expired (a replayed callback): 303 to the last returnTo (else /) with #myinfo-error=refused, nothing retrieved",
        querystring: Type.Object(
          { state: Type.Optional(Type.String({ maxLength: 500 })) },
          { additionalProperties: true },
        ),
        response: {
          303: Type.Null({ description: 'Back to returnTo with #myinfo=<handle> or #myinfo-error=<kind>' }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const singpass = app.singpass;
      if (!singpass) throw notFound(MYINFO_MESSAGES.notOffered);
      const state = request.query.state ?? '';
      const cookie = loginCookie(state);
      const secret = request.cookies[cookie];
      reply.clearCookie(cookie, cookieOptions(request));
      const login = secret ? await takeLogin(sql, secret) : null;
      if (!login) {
        // Expired, already used (a replay), or another browser: back to the form, never a dead end.
        const back = request.cookies[BACK_COOKIE];
        request.log.warn('Singpass callback without a login in flight');
        return reply.redirect(`${back && isSitePath(back) ? back : '/'}#myinfo-error=refused`, 303);
      }
      try {
        const person = await singpass.finishLogin(
          new URL(request.url, 'http://callback.local'),
          login.session,
        );
        return back(reply, login.returnTo, `myinfo=${await saveHandle(sql, person)}`);
      } catch (error) {
        if (!(error instanceof SingpassError)) throw error;
        request.log.warn({ kind: error.kind }, 'Singpass login did not complete');
        return back(reply, login.returnTo, `myinfo-error=${error.kind}`);
      }
    },
  );

  app.get(
    '/api/myinfo/prefill/:handle',
    {
      config: { rateLimit: rateLimits.lookup },
      schema: {
        tags: ['public'],
        summary:
          "The retrieved person for the form, once (410 afterwards, or after 10 minutes): Myinfo's fields with a suggested first/last name split",
        params: HandleParams,
        response: { 200: Envelope(PrefillSchema), 400: ErrorResponseSchema, 410: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const person = await readPrefill(sql, request.params.handle);
      if (!person) throw new HttpError(410, MYINFO_MESSAGES.prefillGone);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: prefillOf(request.params.handle, person) };
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['public'],
        summary:
          'Our public keys for Singpass (issue 49): the signing keys of our client assertions and the encryption keys Singpass encrypts the person to; the next key is published beside the current one to rotate',
        response: { 200: JwksSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.singpass ? app.singpass.jwks() : { keys: [] };
    },
  );
};

export default myinfo;
