// The JavaScript each public route downloads before its first render, from a production build:
// web/dist/.vite/manifest.json (vite build.manifest) and web/src/routes.tsx.
//   An eager route loads the entry chunk (index.html) and its static imports (what index.html
//   modulepreloads), and the app the entry imports once the first view is painted (src/main.tsx, see
//   web/src/boot.ts) with its static imports; a lazy route (React.lazy in routes.tsx) also loads its dynamic import's chunk and
//   that chunk's static imports. A part a page fetches later (a wizard step, a dialog) is not counted.
// gzip sizes: zlib level 6 per file, as a proxy or CDN in front would send them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt } from '../lib/load';
import { root } from '../lib/stack';

/** Issue 50's budgets, KB of gzipped JavaScript before first render. */
export const BUDGET_KB: Record<string, number> = { '/': 120, '/events/:slug': 170 };
/** The same figures before issue 50 (ff8184f, measured by this bench; the issue quoted 227 for `/`). */
export const PREVIOUS_KB: Record<string, number> = { '/': 230.7, '/events/:slug': 230.7 };

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RouteJs {
  path: string;
  /** The module the route renders, relative to web/ (src/pages/home). */
  module: string;
  lazy: boolean;
  js: string[];
  css: string[];
}

/** Public routes of web/src/routes.tsx, each with the module it renders and whether that is lazy. */
export function publicRoutes(): { path: string; module: string; lazy: boolean }[] {
  const source = readFileSync(join(root, 'web/src/routes.tsx'), 'utf8');
  const eager = new Map<string, string>();
  for (const m of source.matchAll(/^import (\w+) from '(\.[^']+)';/gm)) eager.set(m[1]!, m[2]!);
  for (const m of source.matchAll(/^import \{([^}]+)\} from '(\.[^']+)';/gm))
    for (const name of m[1]!.split(',')) eager.set(name.trim(), m[2]!);
  // const olderFlow = () => import('./x');
  const helpers = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = \(\) => import\('(\.[^']+)'\)/g)) helpers.set(m[1]!, m[2]!);
  const lazy = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy\(\s*\(\) =>\s*(?:import\('(\.[^']+)'\)|(\w+)\(\))/g)) {
    const module = m[2] ?? helpers.get(m[3]!);
    if (!module) throw new Error(`routes.tsx: cannot tell which module ${m[1]} loads`);
    lazy.set(m[1]!, module);
  }
  // A route component of routes.tsx itself (function EventRoute() { ... <EventBookingPage /> ... }):
  // the lazy component it renders, else the first imported one.
  for (const m of source.matchAll(/^function (\w+)\([^)]*\) \{\n([\s\S]*?)\n\}/gm)) {
    if (m[1] === 'PublicRoutes') continue;
    const tags = [...(m[2] ?? '').matchAll(/<(\w+)/g)].map((t) => t[1]!);
    const inner = tags.find((c) => lazy.has(c));
    if (inner) lazy.set(m[1]!, lazy.get(inner)!);
    else {
      const imported = tags.find((c) => eager.has(c));
      if (imported) eager.set(m[1]!, eager.get(imported)!);
    }
  }
  const start = source.indexOf('function PublicRoutes');
  if (start < 0) throw new Error('routes.tsx: no function PublicRoutes');
  const body = source.slice(start, source.indexOf('\n}\n', start));
  const routes = [];
  for (const m of body.matchAll(/<Route (?:path="([^"]+)" )?component=\{(\w+)\}/g)) {
    const [, path = '(any other path)', component = ''] = m;
    const module = lazy.get(component) ?? eager.get(component);
    if (!module) throw new Error(`routes.tsx: no import found for ${component}`);
    routes.push({ path, module: `src/${module.replace(/^\.\//, '')}`, lazy: lazy.has(component) });
  }
  if (routes.length === 0) throw new Error('routes.tsx: no public routes found');
  return routes;
}

/** The app itself, which web/src/boot.ts imports after the first paint (older builds: none). */
export const APP = 'src/main.tsx';

export function readManifest(dist: string): Record<string, ManifestChunk> {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: npm run build (web) first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/** A chunk's file and its static imports' files (and CSS), depth first. */
export function collect(
  manifest: Record<string, ManifestChunk>,
  key: string,
  js: Set<string>,
  css: Set<string>,
) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const i of chunk.imports ?? []) collect(manifest, i, js, css);
}

/**
 * The manifest key of a module's lazy chunk: its source path, or (when rolldown merged it with modules
 * other chunks share) the chunk named after the module's file. Read from the build, so WEB_DIST may be
 * an older build of another routes.tsx.
 */
export function dynamicKey(manifest: Record<string, ManifestChunk>, module: string): string | undefined {
  return (
    ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ext) => module + ext)
      .find((k) => manifest[k]?.isDynamicEntry) ??
    [manifest['index.html'], manifest[APP]]
      .flatMap((chunk) => chunk?.dynamicImports ?? [])
      .find((k) => !manifest[k]?.src && manifest[k]?.name === module.split('/').pop())
  );
}

export function jsPerRoute(dist: string): RouteJs[] {
  const manifest = readManifest(dist);
  return publicRoutes().map((route) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect(manifest, 'index.html', js, css);
    if (manifest[APP]?.isDynamicEntry) collect(manifest, APP, js, css);
    const key = dynamicKey(manifest, route.module);
    if (route.lazy && !key)
      console.log(`note: routes.tsx loads ${route.module} lazily but this build has no chunk for it`);
    if (key) collect(manifest, key, js, css);
    return { ...route, lazy: Boolean(key), js: [...js], css: [...css] };
  });
}

/** Raw and gzip (level 6) bytes of files of a build. */
export function sizer(dist: string) {
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = readFileSync(join(dist, file));
      s = { raw: buf.length, gzip: gzipSync(buf, { level: 6 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  const total = (files: string[]) =>
    files.reduce((a, f) => ({ raw: a.raw + size(f).raw, gzip: a.gzip + size(f).gzip }), { raw: 0, gzip: 0 });
  return { size, total };
}

/** The source modules bundled into a file, from its source map (empty without one). */
export function sourcesOf(dist: string, file: string): string[] {
  const map = join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

export const kb = (bytes: number) => fmt(bytes / 1024);
