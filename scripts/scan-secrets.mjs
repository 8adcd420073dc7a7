// `node scripts/scan-secrets.mjs [dir]`: fails (exit 1) when a tracked file holds something that looks
// like a live credential: a private key, a cloud or payment token, a password inside a URL, a JWT, or
// a committed .env file. A line that must keep such a string (a test fixture) says so with the
// marker `secret-scan: allow` on the same line. CI runs it on every submission.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export const RULES = [
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/ },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  { name: 'Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { name: 'Stripe live key', pattern: /\b[sr]k_live_[0-9A-Za-z]{20,}/ },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  {
    name: 'Braintree access token',
    pattern: /access_token\$(?:production|sandbox)\$[0-9a-z]+\$[0-9a-f]{32}/,
  },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { name: 'JSON web token', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  // user:password@host, where the password is not a placeholder or an interpolation.
  {
    name: 'password in a URL',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"`]+:(?![$<{*])[^\s/:@'"`]{6,}@[\w.-]+/i,
  },
];
const ALLOW = 'secret-scan: allow';
const SKIP = [/^package-lock\.json$/, /\.(png|jpe?g|gif|ico|pdf|woff2?|ttf|svg)$/i, /(^|\/)node_modules\//];

/** Findings in `files` (paths relative to `root`): { file, line, rule }. */
export function scan(root, files) {
  const findings = [];
  for (const file of files) {
    if (SKIP.some((re) => re.test(file))) continue;
    const name = basename(file);
    if (/^\.env(\..+)?$/.test(name) && name !== '.env.example') {
      findings.push({ file, line: 0, rule: 'committed .env file' });
      continue;
    }
    const path = join(root, file);
    let text;
    try {
      if (statSync(path).size > 2_000_000) continue;
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line.includes(ALLOW)) return;
      for (const rule of RULES)
        if (rule.pattern.test(line)) findings.push({ file, line: i + 1, rule: rule.name });
    });
  }
  return findings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? process.cwd();
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const findings = scan(root, files);
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.rule}`);
  console.log(`secret scan: ${files.length} tracked files, ${findings.length} finding(s)`);
  process.exit(findings.length ? 1 : 0);
}
