import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The first view of a public page (issue 50). The web build writes, beside index.html, a server module
 * (dist/.ssr/first-view.js, see web/vite.config.ts) that renders a page of the app to HTML from the api
 * answers the page's first render reads. For `/`, `/events/{slug}` and `/cancel-appointment` the api
 * asks itself those reads (the same requests the browser would send, counted against the visitor's
 * rate limit), renders the page, and puts the HTML in index.html's `#root` and the answers, as JSON, in
 * `#hs-first-data`; the browser paints the page before any script has run and hydrates it without a
 * round trip (web/src/main.tsx). Anything amiss (no such module, an answer that is not 200, a render
 * that fails or is slow) leaves the plain index.html.
 */

type RenderFirstView = (
  path: string,
  fallback: Record<string, unknown>,
  timeoutMs?: number,
) => Promise<string>;

/** The SWR keys (= api paths) each page's first render reads; undefined: not rendered on the server. */
export function firstViewReads(path: string): string[] | undefined {
  const shared = ['/api/company-contact'];
  if (path === '/') return ['/api/events', ...shared];
  if (path === '/cancel-appointment') return shared;
  const event = /^\/events\/([^/]+)$/.exec(path);
  if (event?.[1]) {
    let slug: string;
    try {
      slug = decodeURIComponent(event[1]);
    } catch {
      return undefined;
    }
    return [`/api/events/${encodeURIComponent(slug)}`, ...shared];
  }
  return undefined;
}

/**
 * JSON for inside a `<script>` element: `<` (so no `</script>` or `<!--` can close or change it), `>`,
 * `&` and the line separators U+2028/2029 are written as escapes; JSON.parse reads the same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * index.html with the rendered page in `#root` and the answers in `#hs-first-data`. The page's
 * `<title>` (React writes a component's title first) goes to the head in place of index.html's; its
 * modulepreload links go. `#root`
 * is inert until the browser's React has taken over its controls (main.tsx): a click or a submit before
 * that would otherwise do the browser's default, and send a form to the page's own URL.
 */
export function withFirstView(template: string, html: string, data: Record<string, unknown>): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) return template;
  let body = html;
  let page = template;
  const title = /^<title>[^<]*<\/title>/.exec(html)?.[0];
  if (title) {
    body = html.slice(title.length);
    page = page.replace(/<title>[^<]*<\/title>/, () => title);
  }
  // index.html modulepreloads the app for pages it renders itself; this page is painted first, and its
  // entry asks for the app after that (web/src/boot.ts)
  page = page.replace(/\n?[ \t]*<link rel="modulepreload"[^>]*>/g, '');
  return page.replace(
    root,
    () =>
      `<div id="root" inert>${body}</div><script id="hs-first-data" type="application/json">${scriptJson(data)}</script>`,
  );
}

/**
 * The built stylesheets written into the page: with the page's HTML there, the stylesheet is all that
 * still stands between the response and the first paint, and a phone would fetch it only once the
 * head has been read (one more round trip). Only our own files under /assets/ are read.
 */
export function inlineStylesheets(template: string, webRoot: string): string {
  return template.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g,
    (link, file: string) => {
      const path = join(webRoot, 'assets', file);
      if (!existsSync(path)) return link;
      const css = readFileSync(path, 'utf8');
      return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    },
  );
}

/** A rendered page, and its compressed forms once asked for (web.ts). */
export interface RenderedPage {
  html: string;
  encoded: Map<'br' | 'gzip', Buffer>;
}

export interface FirstView {
  /** The page's HTML with its first view, or undefined (send the plain index.html). */
  render(request: FastifyRequest, path: string): Promise<RenderedPage | undefined>;
}

const RENDER_TIMEOUT_MS = 2000;
/**
 * Rendered pages by path and the exact answers they were rendered from: while the catalogue does not
 * change a page is rendered (and compressed) once, and the api only answers its reads, from their
 * cache. The oldest entry goes first beyond this many.
 */
const RENDERED_PAGES = 200;

export async function loadFirstView(app: FastifyInstance, webRoot: string): Promise<FirstView | undefined> {
  const modulePath = join(webRoot, '.ssr', 'first-view.js');
  const indexPath = join(webRoot, 'index.html');
  if (!existsSync(modulePath) || !existsSync(indexPath)) return undefined;
  // Loaded at the first page view, not at start: the module is the whole app and React's server
  // renderer, and an api that serves no page (its tests, a worker-only host) need not wait for it.
  let loading: Promise<RenderFirstView | undefined> | undefined;
  const renderer = () => {
    loading ??= (
      import(pathToFileURL(modulePath).href) as Promise<{ renderFirstView: RenderFirstView }>
    ).then(
      (m) => m.renderFirstView,
      (error) => {
        app.log.warn({ err: error, modulePath }, 'first view: the server module did not load');
        return undefined;
      },
    );
    return loading;
  };
  const template = inlineStylesheets(readFileSync(indexPath, 'utf8'), webRoot);
  const rendered = new Map<string, RenderedPage>();

  return {
    async render(request, path) {
      const reads = firstViewReads(path);
      if (!reads) return undefined;
      const answers: Record<string, string> = {};
      for (const url of reads) {
        const res = await app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: { 'user-agent': request.headers['user-agent'] ?? '' },
        });
        // the page's main read must be there; a side read (the footer's contact) may be missing
        if (res.statusCode === 200) answers[url] = res.body;
        else if (url === reads[0] && path !== '/cancel-appointment') return undefined;
      }
      const key = `${path}\n${JSON.stringify(answers)}`;
      const known = rendered.get(key);
      if (known) return known;
      try {
        const data = Object.fromEntries(
          Object.entries(answers).map(([url, body]) => [url, JSON.parse(body)]),
        );
        const renderFirstView = await renderer();
        if (!renderFirstView) return undefined;
        const html = await renderFirstView(path, data, RENDER_TIMEOUT_MS);
        const page: RenderedPage = { html: withFirstView(template, html, data), encoded: new Map() };
        if (rendered.size >= RENDERED_PAGES) rendered.delete(rendered.keys().next().value as string);
        rendered.set(key, page);
        return page;
      } catch (error) {
        request.log.warn({ err: error, path }, 'first view: not rendered');
        return undefined;
      }
    },
  };
}
