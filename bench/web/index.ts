// The public web app: JavaScript per route from the production build, and first contentful paint and
// time to interactive of `/` and `/events/{slug}` in Debian chromium against the built product.
//   npm run build && npm run web -w bench
// Knobs: WEB_RUNS (5 per page and side), WEB_QUIET_MS (500), WEB_EVENT (whitecoat-health-screening),
// WEB_TIMELINE=1 (each product run's requests, start-end ms), WEB_BROWSER=off (the JS table only: no stack, no browser), WEB_DIST (another build to measure, e.g. an
// older one copied aside; default web/dist), WEB_COMPARE (a second build, timed in the same runs
// against an api of its own), DATABASE_URL (admin url), REDIS_URL.
//
// 1. JS per route: web/dist/.vite/manifest.json (vite build.manifest). A route loads the entry chunk
//    (index.html) and its static imports (what index.html modulepreloads); a lazy route also loads its
//    dynamic import's chunk and that chunk's static imports. Routes and which module each renders come
//    from web/src/routes.tsx. gzip sizes: zlib level 6 per file (the api serves them uncompressed; a
//    proxy in front would compress them).
// 2. Browser: the built api + worker (bench/lib/stack.ts: NODE_ENV=production, seeded demo data) serve
//    web/dist; each run is a fresh browser context (cold HTTP cache, new connections), 1280x900.
//    - FCP: performance.getEntriesByName('first-contentful-paint').
//    - ready: performance.now() in the page at the first DOM mutation after which the page's main
//      content, rendered from the api's data, and its main control are there and enabled: on `/` the
//      event's "View Details" link in the event list, on `/events/{slug}` the package radios and an
//      enabled submit ("Next") button of the wizard. React attaches its handlers at the root before it
//      commits, so from then a click works.
//    - interactive: the end of the last long task (> 50 ms, PerformanceObserver 'longtask') that starts
//      before a 500 ms window without long tasks following `ready` (a time-to-interactive in the spirit
//      of Lighthouse's TTI, without its network-quiet condition), or `ready` itself when none.
//    Baseline, same run, same browser, same measurement, alternating with the product: a bare Fastify
//    process (bench/web/static-server.ts) serving one static HTML page per route with the product
//    page's own visible text inline (captured in the warm-up) and the same main control (a link, or a
//    form with radios and a submit button): no JavaScript, no stylesheet, no api call.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@hs/testing';
import type { Browser } from 'playwright-core';
import { fmt, machine } from '../lib/load';
import { type BenchStack, freePort, root, startBenchStack, stopChild, waitReady } from '../lib/stack';

const RUNS = Number(process.env.WEB_RUNS ?? 5);
const QUIET_MS = Number(process.env.WEB_QUIET_MS ?? 500);
const EVENT = process.env.WEB_EVENT ?? 'whitecoat-health-screening';
const dist = process.env.WEB_DIST ?? join(root, 'web/dist');
const kb = (bytes: number) => fmt(bytes / 1024);

// ---------------------------------------------------------------------------------------------------
// 1. JavaScript per public route

interface ManifestChunk {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface RouteRow {
  path: string;
  module: string;
  lazy: boolean;
  js: string[];
  css: string[];
}

/** Public routes of web/src/routes.tsx, each with the module it renders and whether it is lazy. */
function publicRoutes(): { path: string; module: string; lazy: boolean }[] {
  const source = readFileSync(join(root, 'web/src/routes.tsx'), 'utf8');
  const eager = new Map<string, string>();
  for (const m of source.matchAll(/^import (\w+) from '(\.[^']+)';/gm)) eager.set(m[1]!, m[2]!);
  const helpers = new Map<string, string>(); // const olderFlow = () => import('./x');
  for (const m of source.matchAll(/const (\w+) = \(\) => import\('(\.[^']+)'\)/g)) helpers.set(m[1]!, m[2]!);
  const lazy = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy\(\s*\(\) =>\s*(?:import\('(\.[^']+)'\)|(\w+)\(\))/g)) {
    const path = m[2] ?? helpers.get(m[3]!);
    if (!path) throw new Error(`routes.tsx: cannot tell which module ${m[1]} loads`);
    lazy.set(m[1]!, path);
  }
  // A route component of routes.tsx itself (function EventRoute() { ... }): the first lazy or imported
  // component it renders, else the module that a loader it calls imports (import { loadX } from
  // './public/x', whose file has import('../pages/...')).
  const named = new Map<string, string>();
  for (const m of source.matchAll(/^import \{([^}]+)\} from '(\.[^']+)';/gm))
    for (const n of m[1]!.split(',')) named.set(n.trim(), m[2]!);
  const wrappers = new Map<string, string>();
  for (const m of source.matchAll(/^function (\w+)\([^)]*\) \{\n([\s\S]*?)\n\}/gm)) {
    const [, name = '', fnBody = ''] = m;
    const inner = [...fnBody.matchAll(/<(\w+)/g)].map((t) => t[1]!).find((c) => lazy.has(c) || eager.has(c));
    if (inner) {
      wrappers.set(name, inner);
      continue;
    }
    for (const call of fnBody.matchAll(/\b(\w+)\(/g)) {
      const from = named.get(call[1]!);
      if (!from) continue;
      const file = ['.ts', '.tsx'].map((e) => join(root, 'web/src', from + e)).find((f) => existsSync(f));
      const target = file && /import\('(\.[^']+)'\)/.exec(readFileSync(file, 'utf8'))?.[1];
      if (!target) continue;
      const module = relative(join(root, 'web/src'), join(dirname(file), target));
      lazy.set(`${name}:loaded`, `./${module}`);
      wrappers.set(name, `${name}:loaded`);
      break;
    }
  }
  const body = source.slice(
    source.indexOf('function PublicRoutes'),
    source.indexOf('export function AppRoutes'),
  );
  const routes = [];
  for (const m of body.matchAll(/<Route (?:path="([^"]+)" )?component=\{(\w+)\}/g)) {
    const [, path = '(any other path)', given = ''] = m;
    const component = wrappers.get(given) ?? given;
    const module = lazy.get(component) ?? eager.get(component);
    if (!module) throw new Error(`routes.tsx: no import found for ${component}`);
    routes.push({ path, module: `src/${module.replace(/^\.\//, '')}`, lazy: lazy.has(component) });
  }
  if (routes.length === 0) throw new Error('routes.tsx: no public routes found');
  return routes;
}

function jsPerRoute(): RouteRow[] {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: npm run build (web) first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const collect = (key: string, js: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) collect(i, js, css);
  };
  // Lazy or not is read from the build (so WEB_DIST can be an older build of other routes.tsx): a
  // dynamic entry is listed under its source path, or (when rolldown merged it with modules other
  // chunks share) under its chunk's key, named after the module's file.
  const dynamicKey = (module: string) =>
    ['.tsx', '.ts', '/index.tsx'].map((ext) => module + ext).find((k) => manifest[k]?.isDynamicEntry) ??
    manifest['index.html']?.dynamicImports?.find(
      (k) => !manifest[k]?.src && manifest[k]?.name === module.split('/').pop(),
    );
  return publicRoutes().map((route) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect('index.html', js, css);
    const key = dynamicKey(route.module);
    if (route.lazy && !key)
      console.log(`note: routes.tsx loads ${route.module} lazily but this build has no chunk for it`);
    if (key) collect(key, js, css);
    return { ...route, lazy: Boolean(key), js: [...js], css: [...css] };
  });
}

const sizes = new Map<string, { raw: number; gzip: number }>();
function size(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const buf = readFileSync(join(dist, file));
    s = { raw: buf.length, gzip: gzipSync(buf, { level: 6 }).length };
    sizes.set(file, s);
  }
  return s;
}
const total = (files: string[]) =>
  files.reduce((a, f) => ({ raw: a.raw + size(f).raw, gzip: a.gzip + size(f).gzip }), { raw: 0, gzip: 0 });

const routes = jsPerRoute();
const entryFiles = routes.find((r) => !r.lazy)!.js;
console.log(`web: JS per public route of ${dist} (gzip: zlib level 6 per file); ${machine()}\n`);
console.log('| route | module | JS files | JS raw KB | JS gzip KB | CSS gzip KB |');
console.log('|---|---|---|---|---|---|');
for (const r of routes) {
  const js = total(r.js);
  const extra = r.js.filter((f) => !entryFiles.includes(f));
  const files = r.lazy
    ? `entry (${entryFiles.length}) + ${extra[0]!.replace(/^assets\/|-[\w-]{8}\.js$/g, '')}${extra.length > 1 ? ` + ${extra.length - 1} shared` : ''}`
    : `entry (${r.js.length})`;
  console.log(
    `| \`${r.path}\` | ${r.module.replace(/^src\//, '')}${r.lazy ? ' (lazy)' : ''} | ${files} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(total(r.css).gzip)} |`,
  );
}
console.log('\nentry files (index.html and what it modulepreloads), largest first:');
for (const f of [...entryFiles].sort((a, b) => size(b).gzip - size(a).gzip))
  console.log(
    `  ${f.padEnd(44)} ${kb(size(f).raw).padStart(7)} KB raw ${kb(size(f).gzip).padStart(6)} KB gzip`,
  );

// ---------------------------------------------------------------------------------------------------
// 2. Browser timings

interface Target {
  name: string;
  path: string;
  /** Must match for `ready`. */
  content: string;
  /** Must match an element that is not disabled and not busy. */
  control: string;
  /** The api request the page's main content comes from. */
  data: string;
}

const targets: Target[] = [
  {
    name: 'home',
    path: '/',
    content: `ul[aria-label="Events"] a[href="/events/${EVENT}"]`,
    control: `ul[aria-label="Events"] a[href="/events/${EVENT}"]`,
    data: '/api/events',
  },
  {
    name: 'event',
    path: `/events/${EVENT}`,
    content: 'form input[type="radio"]',
    control: 'form button[type="submit"]',
    data: `/api/events/${EVENT}`,
  },
];

// In-page code as strings: tsx would wrap functions with helpers the page does not have.
const INIT = `(function (t) {
  var s = { ready: null, longTasks: [], text: '' };
  window.__bench = s;
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { s.longTasks.push([e.startTime, e.startTime + e.duration]); });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  function check() {
    if (s.ready !== null) return;
    if (!document.querySelector(t.content)) return;
    var c = document.querySelector(t.control);
    if (!c || c.disabled || c.getAttribute('aria-busy') === 'true') return;
    s.ready = performance.now();
    mo.disconnect();
  }
  var mo = new MutationObserver(check);
  mo.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  check();
})`;

const QUIET = `(function (quiet) {
  var s = window.__bench;
  if (s.ready === null) return false;
  var t = s.ready;
  s.longTasks.slice().sort(function (a, b) { return a[0] - b[0]; }).forEach(function (lt) {
    if (lt[0] < t + quiet) t = Math.max(t, lt[1]);
  });
  return performance.now() >= t + quiet ? t : false;
})`;

const COLLECT = `(function (dataPath) {
  var s = window.__bench;
  var nav = performance.getEntriesByType('navigation')[0];
  var fcp = performance.getEntriesByName('first-contentful-paint')[0];
  var res = performance.getEntriesByType('resource');
  var js = res.filter(function (r) { return /\\.js(\\?|$)/.test(r.name); });
  var data = res.filter(function (r) { return new URL(r.name).pathname === dataPath; })[0];
  var longMs = s.longTasks.reduce(function (a, lt) { return a + lt[1] - lt[0]; }, 0);
  return {
    fcp: fcp ? fcp.startTime : NaN,
    ready: s.ready,
    html: nav.responseEnd,
    dcl: nav.domContentLoadedEventEnd,
    requests: res.length + 1,
    jsFiles: js.length,
    jsBytes: js.reduce(function (a, r) { return a + r.encodedBodySize; }, 0),
    dataStart: data ? data.startTime : NaN,
    dataEnd: data ? data.responseEnd : NaN,
    jsEnd: js.reduce(function (a, r) { return Math.max(a, r.responseEnd); }, 0),
    timeline: res.map(function (r) {
      return Math.round(r.startTime) + '-' + Math.round(r.responseEnd) + ' ' + new URL(r.name).pathname;
    }),
    longTasks: s.longTasks.length,
    longMs: longMs,
    text: document.body.innerText,
  };
})`;

interface Sample {
  fcp: number;
  ready: number;
  interactive: number;
  html: number;
  dcl: number;
  requests: number;
  jsFiles: number;
  jsBytes: number;
  dataStart: number;
  dataEnd: number;
  jsEnd: number;
  timeline: string[];
  longTasks: number;
  longMs: number;
  text: string;
}

async function measure(browser: Browser, url: string, target: Target): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-SG' });
  try {
    await context.addInitScript({ content: `${INIT}(${JSON.stringify(target)});` });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    // Polled from here: the product's CSP forbids the eval that page.waitForFunction(string) uses.
    const deadline = Date.now() + 30_000;
    let interactive: number | false = false;
    while (interactive === false) {
      if (Date.now() > deadline) throw new Error(`${url}: not ready within 30 s`);
      await new Promise((r) => setTimeout(r, 50));
      interactive = (await page.evaluate(`${QUIET}(${QUIET_MS})`)) as number | false;
    }
    const m = (await page.evaluate(`${COLLECT}(${JSON.stringify(target.data)})`)) as Omit<
      Sample,
      'interactive'
    >;
    return { ...m, interactive };
  } finally {
    await context.close();
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The baseline page of a target: the product page's visible text, inline, and its main control. */
function baselineHtml(target: Target, text: string): string {
  const control =
    target.name === 'home'
      ? `<ul aria-label="Events"><li><a href="/events/${EVENT}">View Details</a></li></ul>`
      : '<form><label><input type="radio" name="packageId" value="1"> Package</label><button type="submit">Next</button></form>';
  const paragraphs = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en-SG">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>Health Screening</title></head>
<body><main>
${paragraphs}
${control}
</main></body>
</html>
`;
}

async function startStatic(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  let output = '';
  const child = spawn('node', ['--import', 'tsx', join(root, 'bench/web/static-server.ts')], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), PORT: String(port), HTML_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/healthz`, 'the static baseline', () => output);
  return { url, child };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const stat = (xs: number[]) =>
  `${fmt(median(xs), 0)} (${fmt(Math.min(...xs), 0)}-${fmt(Math.max(...xs), 0)})`;

if (process.env.WEB_BROWSER === 'off') process.exit(0);
console.log(`\nweb: browser, ${RUNS} runs per page and side, fresh context each; ${machine()}`);
const stack = await startBenchStack({ env: { WEB_DIST: dist } });
// WEB_COMPARE=<dist dir>: a second build (e.g. one from before a change) served by a second api of its
// own, timed in the same runs, interleaved with the first.
let other: BenchStack | undefined;
const dir = mkdtempSync(join(tmpdir(), 'hsbench-web-'));
let baseline: { url: string; child: ChildProcess } | undefined;
let browser: Browser | undefined;
try {
  if (process.env.WEB_COMPARE) other = await startBenchStack({ env: { WEB_DIST: process.env.WEB_COMPARE } });
  // The demo event must be listed (the worker projects the seeded events) before pages are timed.
  const deadline = Date.now() + 30_000;
  for (const base of [stack.baseUrl, other?.baseUrl])
    for (;;) {
      if (!base) break;
      const res = await fetch(`${base}/api/events/${EVENT}`);
      if (res.ok) break;
      if (Date.now() > deadline) throw new Error(`/api/events/${EVENT}: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  const asset = await fetch(`${stack.baseUrl}/${entryFiles[0]}`, {
    headers: { 'accept-encoding': 'gzip, br' },
  });
  console.log(
    `the api serves ${entryFiles[0]} with content-encoding: ${asset.headers.get('content-encoding') ?? 'none'}, cache-control: ${asset.headers.get('cache-control')}`,
  );
  await asset.arrayBuffer();

  browser = await launchBrowser();
  // Warm-up (not counted): the api's JIT and Postgres caches; captures each page's visible text.
  for (const t of targets) {
    const s = await measure(browser, `${stack.baseUrl}${t.path}`, t);
    writeFileSync(join(dir, `${t.name}.html`), baselineHtml(t, s.text));
    console.log(
      `warm-up ${t.path}: ${s.text.length} characters of text, ${s.requests} requests, ${s.jsFiles} JS files (${kb(s.jsBytes)} KB as sent)`,
    );
  }
  baseline = await startStatic(dir);
  for (const t of targets) await measure(browser, `${baseline.url}/page/${t.name}`, t);
  if (other) for (const t of targets) await measure(browser, `${other.baseUrl}${t.path}`, t);
  const sideNames = ['product', ...(other ? ['other build'] : []), 'baseline'];

  const samples = new Map<string, Sample[]>();
  const add = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);
  for (let run = 0; run < RUNS; run++) {
    for (const t of targets) {
      // Rotate which side goes first, so a change in the machine's load hits all alike.
      const all: [string, string][] = [
        ['product', `${stack.baseUrl}${t.path}`],
        ...(other ? [['other build', `${other.baseUrl}${t.path}`] as [string, string]] : []),
        ['baseline', `${baseline.url}/page/${t.name}`],
      ];
      const sides = [...all.slice(run % all.length), ...all.slice(0, run % all.length)];
      for (const [side, url] of sides) {
        const s = await measure(browser, url, t);
        add(`${t.name}:${side}`, s);
        if (process.env.WEB_TIMELINE && side !== 'baseline')
          console.log(
            `${t.path} ${side} run ${run + 1}: FCP ${fmt(s.fcp, 0)} ready ${fmt(s.ready, 0)}\n  ${s.timeline.join('\n  ')}`,
          );
      }
    }
  }

  console.log(`\nmedian (min-max) ms over ${RUNS} runs; ${machine()}\n`);
  console.log(
    '| page | side | FCP | ready | interactive | HTML done | last JS done | data request sent | data answered | requests | JS as sent KB | long tasks (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const ratios: string[] = [];
  for (const t of targets) {
    for (const side of sideNames) {
      const xs = samples.get(`${t.name}:${side}`)!;
      const opt = (ys: number[]) => (ys.every(Number.isFinite) && ys.some((y) => y > 0) ? stat(ys) : '-');
      console.log(
        `| \`${t.path}\` | ${side} | ${stat(xs.map((x) => x.fcp))} | ${stat(xs.map((x) => x.ready))} | ${stat(xs.map((x) => x.interactive))} | ${stat(xs.map((x) => x.html))} | ${opt(xs.map((x) => x.jsEnd))} | ${opt(xs.map((x) => x.dataStart))} | ${opt(xs.map((x) => x.dataEnd))} | ${median(xs.map((x) => x.requests))} | ${kb(median(xs.map((x) => x.jsBytes)))} | ${median(xs.map((x) => x.longTasks))} (${fmt(median(xs.map((x) => x.longMs)), 0)}) |`,
      );
    }
    const p = samples.get(`${t.name}:product`)!;
    const b = samples.get(`${t.name}:baseline`)!;
    const pick = (xs: Sample[], k: 'fcp' | 'ready' | 'interactive') => median(xs.map((x) => x[k]));
    ratios.push(
      `${t.path}: product/baseline FCP ${fmt(pick(p, 'fcp') / pick(b, 'fcp'), 2)}x, ready ${fmt(pick(p, 'ready') / pick(b, 'ready'), 2)}x, interactive ${fmt(pick(p, 'interactive') / pick(b, 'interactive'), 2)}x; target FCP and interactive < 1000 ms: ${pick(p, 'fcp') < 1000 && pick(p, 'interactive') < 1000 ? 'met' : 'MISSED'}`,
    );
    const o = samples.get(`${t.name}:other build`);
    if (o)
      ratios.push(
        `${t.path}: product/other build FCP ${fmt(pick(p, 'fcp') / pick(o, 'fcp'), 2)}x, ready ${fmt(pick(p, 'ready') / pick(o, 'ready'), 2)}x, interactive ${fmt(pick(p, 'interactive') / pick(o, 'interactive'), 2)}x`,
      );
  }
  console.log(`\n${ratios.join('\n')}`);
} finally {
  await browser?.close();
  if (baseline) await stopChild(baseline.child);
  await stack.stop();
  await other?.stop();
  rmSync(dir, { recursive: true, force: true });
}
