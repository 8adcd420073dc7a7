import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

/** The served OpenAPI document, checked with a linter nobody here wrote (Redocly's recommended rules). */
describe('the OpenAPI document (/api/docs/json)', () => {
  let api: TestApi;
  let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));

  beforeAll(async () => {
    api = await startTestApi();
    doc = (await api.app.inject('/api/docs/json')).json();
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes `redocly lint` with no errors', () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = join(import.meta.dirname, '../../../node_modules/.bin/redocly');
    const run = spawnSync(bin, ['lint', file, '--format=json', '--max-problems=1000'], { encoding: 'utf8' });
    const report = JSON.parse(run.stdout) as {
      problems: { severity: string; ruleId: string; message: string }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('gives every operation an operationId, and documents 401 and 403 behind a credential and 429 everywhere', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toEqual(expect.any(String));
        expect(ids.has(op.operationId as string), `${where}: operationId repeated`).toBe(false);
        ids.add(op.operationId as string);
        const responses = op.responses as Record<string, unknown>;
        const security = op.security as Record<string, unknown>[];
        expect(security, where).toBeDefined();
        if (security.length > 0) expect(responses['401'], where).toBeDefined();
        if (security.some((s) => 'bearerAuth' in s)) expect(responses['403'], where).toBeDefined();
        expect(responses['429'], where).toBeDefined();
      }
    }
    expect(ids.size).toBeGreaterThan(100);
  });

  it('describes file answers under their own content type, and errors beside them as JSON', () => {
    const csv = doc.paths['/api/admin/registrations/export']!.get!.responses as Record<
      string,
      { content: object }
    >;
    expect(Object.keys(csv['200']!.content)).toEqual(['text/csv']);
    const pdf = doc.paths['/api/admin/invoices/{number}/pdf']!.get!.responses as Record<
      string,
      { content: object }
    >;
    expect(Object.keys(pdf['200']!.content)).toEqual(['application/pdf']);
    expect(Object.keys(pdf['404']!.content)).toEqual(['application/json']);
  });
});
