import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { scan } from '../scan-secrets.mjs';

// The secrets below are assembled at run time so this file itself stays clean for the scanner.
const join2 = (...parts: string[]) => parts.join('');
const planted: Record<string, string> = {
  'key.pem': join2('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIB...\n'),
  'aws.ts': `const id = '${join2('AKIA', 'ABCDEFGHIJKLMNOP')}';`,
  'gh.txt': join2('token: gh', 'p_', 'a'.repeat(36)),
  'braintree.ts': join2('access_token', '$production$', 'abc123', '$', 'f'.repeat(32)),
  'db.ts': `const url = '${join2('postgres://app:', 'hunter2hunter2', '@db.internal:5432/app')}';`,
  'jwt.json': `{"t": "${join2('eyJ', 'hbGciOiJIUzI1', '.eyJ', 'zdWIiOiIxMjM0', '.', 'SflKxwRJSMeKKF2QT4')}"}`,
};
const clean: Record<string, string> = {
  'placeholder.ts': `const url = 'postgres://user:${'$'}{PASSWORD}@host/db';`,
  'allowed.ts': `const url = '${join2('postgres://u:', 'fixture-pass', '@h/db')}'; // secret-scan: allow`,
  'local.ts': "const url = 'postgres://postgres@127.0.0.1:5432/postgres';",
  '.env.example': 'JWT_SECRET=\n',
};

describe('secret scan', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hs-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds each kind of planted credential and a committed .env, and passes placeholders and allowed lines', () => {
    const files = { ...planted, ...clean, '.env': 'JWT_SECRET=x\n' };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const findings = scan(dir, Object.keys(files)) as { file: string; rule: string }[];
    const flagged = new Set(findings.map((f) => f.file));
    for (const name of Object.keys(planted)) expect(flagged, name).toContain(name);
    expect(flagged).toContain('.env');
    for (const name of Object.keys(clean)) expect(flagged, name).not.toContain(name);
  });

  it('finds nothing in the tracked tree', () => {
    const root = resolve(__dirname, '../..');
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    expect(scan(root, files)).toEqual([]);
  });
});
