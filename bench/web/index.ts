// The public web app: JavaScript per route from the production build, and first contentful paint and
// time to interactive of `/` and `/events/{slug}` in Debian chromium against the built product.
//   npm run build && npm run web -w bench
// Knobs: WEB_RUNS (5 per page and side), WEB_QUIET_MS (500), WEB_EVENT (whitecoat-health-screening),
// WEB_TIMELINE=1 (each product run's requests, start-end ms), WEB_BROWSER=off (the JS table only: no
// stack, no browser), WEB_DIST (another build to measure, e.g. an
// older one copied aside; default web/dist), WEB_COMPARE (a second build, timed in the same runs
// against an api of its own), DATABASE_URL (admin url), REDIS_URL.
//
// 1. JS before first render per route, with issue 50's budgets (`/` 120 KB gzip, `/events/{slug}` 170)
//    and the figures from before it, and that no public route loads a back-office module: js-report.ts
//    (from web/dist/.vite/manifest.json and web/src/routes.tsx). Lighthouse: lighthouse.ts.
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
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '@hs/testing';
import type { Browser } from 'playwright-core';
import { fmt, machine } from '../lib/load';
import { type BenchStack, root, startBenchStack, stopChild } from '../lib/stack';
import { baselineHtml, EVENT, startStatic, type Target, targets as allTargets } from './baseline';
import { printJsReport } from './js-report';
import { kb } from './js-per-route';

const RUNS = Number(process.env.WEB_RUNS ?? 5);
const QUIET_MS = Number(process.env.WEB_QUIET_MS ?? 500);
const dist = process.env.WEB_DIST ?? join(root, 'web/dist');

// ---------------------------------------------------------------------------------------------------
// 1. JavaScript per public route (js-report.ts)

const { entryFiles } = printJsReport(dist);

// ---------------------------------------------------------------------------------------------------
// 2. Browser timings

// `/cancel-appointment` is Lighthouse's only (lighthouse.ts).
const targets = allTargets.filter((t) => t.name !== 'cancel');

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
