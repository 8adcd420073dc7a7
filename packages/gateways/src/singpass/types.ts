/**
 * "Retrieve Myinfo with Singpass" (issue 49): the one small interface the api uses. The real adapter
 * (singpass-gateway.ts, on openid-client) and the local fake Singpass (fake-singpass-server.ts, on
 * oidc-provider) stand behind it. Singpass's FAPI 2.0 profile: pushed authorization requests, PKCE
 * S256, DPoP-bound tokens with a fresh key per login, private_key_jwt, and the person data as a JWS
 * (signed by Singpass) inside a JWE (encrypted to our key).
 */
import type { JWK } from 'jose';

/** A JSON Web Key (jose's JWK: kty, crv, x, y, d, kid, use, alg...). */
type JsonWebKey = JWK;

/** One person as Myinfo gives them, in our form's terms. Missing or blank Myinfo fields are null, never guessed. */
export interface MyinfoPerson {
  /** uinfin, upper case, e.g. S1234567D */
  identificationNumber: string;
  /** One full name as Myinfo gives it. */
  name: string;
  sex: 'M' | 'F' | 'U';
  /** yyyy-MM-dd */
  dateOfBirth: string;
  /** Myinfo's nationality desc, e.g. 'SINGAPORE CITIZEN' or 'MALAYSIAN'. */
  nationality: string | null;
  /** Myinfo's residential status desc, e.g. 'CITIZEN', 'PR', 'ALIEN'. */
  residentialStatus: string | null;
  /** 8 digits, no +65; null when Myinfo has none or a number outside Singapore. */
  mobileNumber: string | null;
  email: string | null;
  /** 6 digits */
  postalCode: string | null;
  /** '#05-123' style (floor-unit), null when none. */
  unitNumber: string | null;
  /** Block, street and building as one line. */
  address: string | null;
}

/**
 * Everything the callback needs, kept server-side by the caller between start and finish
 * (serializable JSON). It holds a private DPoP key: the caller encrypts it at rest.
 */
export interface SingpassLoginSession {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Private ES256 JWK, fresh for this login; the access token is bound to it. */
  dpopKey: JsonWebKey;
}

export interface SingpassGateway {
  readonly name: 'singpass' | 'fake-singpass';
  /** PAR (with PKCE S256, DPoP key bound via dpop_jkt, private_key_jwt) -> the URL to send the browser to. */
  startLogin(): Promise<{ url: string; session: SingpassLoginSession }>;
  /**
   * The callback's full URL (with code/state/iss or error): checks state and iss, exchanges the code
   * with a DPoP proof and a client assertion, fetches the person (userinfo: a JWE encrypted to our key
   * holding a JWS signed by Singpass), decrypts, verifies, maps. Throws SingpassError.
   */
  finishLogin(callbackUrl: URL, session: SingpassLoginSession): Promise<MyinfoPerson>;
  /** Our public JWKS for /.well-known/jwks.json: every signing and encryption key, public parts only. */
  jwks(): { keys: JsonWebKey[] };
}

export type SingpassErrorKind = 'cancelled' | 'refused' | 'unavailable';

/**
 * kind: 'cancelled' (the person cancelled at Singpass: access_denied), 'refused' (state or iss
 * mismatch, a code used twice, a bad token or signature, person data we cannot use), 'unavailable'
 * (network, time-out, 5xx, 429). The message is ours and never carries personal data.
 */
export class SingpassError extends Error {
  constructor(
    readonly kind: SingpassErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SingpassError';
  }
}

export interface SingpassConfig {
  /** SINGPASS_ISSUER: Singpass's FAPI issuer (SINGPASS_ISSUERS) or the local fake's URL. */
  issuer: string;
  clientId: string;
  redirectUri: string;
  /** Space separated; default MYINFO_SCOPE. */
  scope?: string;
  /** Private ES256 JWKs with kid; the FIRST signs our client assertions, all are published. */
  signingKeys: JsonWebKey[];
  /** Private P-256 ECDH-ES JWKs with kid; Singpass encrypts to one of them, we decrypt by kid. */
  encryptionKeys: JsonWebKey[];
  /** Per HTTP call to Singpass; default 10 000 ms. */
  timeoutMs?: number;
}

/** Singpass's FAPI 2.0 issuers (the discovery document is at <issuer>/.well-known/openid-configuration). */
export const SINGPASS_ISSUERS = {
  staging: 'https://stg-id.singpass.gov.sg/fapi',
  production: 'https://id.singpass.gov.sg/fapi',
} as const;

/** The Myinfo (v5) scopes the booking form needs, and nothing more. */
export const MYINFO_SCOPE = 'openid uinfin name sex dob nationality residentialstatus mobileno email regadd';

/** Safe to show or log: no personal data, no token. */
export const SINGPASS_MESSAGES = {
  cancelled: 'Singpass login was cancelled.',
  unavailable: 'Singpass is unavailable right now.',
  refused: 'Singpass login could not be completed.',
} as const;
