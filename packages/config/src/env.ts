/**
 * Small, explicit readers for environment variables. Each throws a
 * ConfigError naming the variable and what was wrong, so a bad deploy fails at
 * start with a sentence rather than later with a stack.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function str(env: Env, name: string, fallback?: string): string {
  const v = raw(env, name) ?? fallback;
  if (v === undefined) throw new ConfigError(name, 'is required but not set');
  return v;
}

export function optionalStr(env: Env, name: string): string | undefined {
  return raw(env, name);
}

export function int(
  env: Env,
  name: string,
  fallback: number,
  range: { min?: number; max?: number } = {},
): number {
  const v = raw(env, name);
  if (v === undefined) return fallback;
  if (!/^-?\d+$/.test(v)) throw new ConfigError(name, `must be a whole number, got "${v}"`);
  const n = Number.parseInt(v, 10);
  if (range.min !== undefined && n < range.min)
    throw new ConfigError(name, `must be at least ${range.min}, got ${n}`);
  if (range.max !== undefined && n > range.max)
    throw new ConfigError(name, `must be at most ${range.max}, got ${n}`);
  return n;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = raw(env, name)?.toLowerCase();
  if (v === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `must be true or false, got "${v}"`);
}

export function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const v = raw(env, name);
  if (v === undefined) return fallback;
  if (!(choices as readonly string[]).includes(v)) {
    throw new ConfigError(name, `must be one of ${choices.join(', ')}, got "${v}"`);
  }
  return v as T;
}

export function url(env: Env, name: string, protocols: readonly string[], fallback?: string): string {
  const v = raw(env, name) ?? fallback;
  if (v === undefined) throw new ConfigError(name, 'is required but not set');
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${redactUrl(v)}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`);
  }
  return v;
}

export function optionalUrl(env: Env, name: string, protocols: readonly string[]): string | undefined {
  return raw(env, name) === undefined ? undefined : url(env, name, protocols);
}

/** Hides a password in a URL so it can be logged or put in an error message. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/([^:/@]+):([^@]*)@/, '//$1:***@');
}
