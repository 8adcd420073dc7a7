import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/*
 * The first view (issue 50): `vite build` also builds, for the api, a server module that renders a
 * public page of this same app to HTML (dist/.ssr/first-view.js, React and all bundled in, so the api
 * needs none of the web's packages). The api puts that HTML, and the api answer it was rendered from,
 * into index.html; main.tsx hydrates it. A phone then paints the page before any script has run.
 */
const FIRST_VIEW = 'virtual:first-view';
const firstViewEntry = `
import { createElement, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '/src/app.tsx';

/**
 * 'path' rendered as the browser's first render will see it: English (main.tsx switches to a stored
 * language after hydrating), no signed-in staff, SWR answering 'fallback' (key -> api answer).
 * Waits for the route's lazy chunk; gives up (rejects) after 'timeoutMs'.
 */
export async function renderFirstView(path, fallback, timeoutMs = 2000) {
  const [pathname = '/', search = ''] = path.split('?');
  const hook = () => [pathname, () => {}];
  const searchHook = () => search;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('first view: timed out')), timeoutMs);
  // an error inside a Suspense boundary would leave it to the client (React error 419 in the console):
  // then no first view at all
  const errors = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      createElement(StrictMode, null, createElement(App, { swr: { fallback }, location: { hook, searchHook } })),
      // progressiveChunkSize: a big finished boundary is written in place, not as a segment that an
      // inline script moves in (the site's Content-Security-Policy allows no inline script)
      { signal: controller.signal, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => { errors.push(error); } },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    if (errors.length > 0) throw errors[0];
    return html;
  } finally {
    clearTimeout(timer);
  }
}
`;
function firstView(): Plugin {
  return {
    name: 'hs-first-view',
    enforce: 'pre',
    resolveId(id) {
      if (id === FIRST_VIEW) return `\0${FIRST_VIEW}`;
      return undefined;
    },
    load: (id) => (id === `\0${FIRST_VIEW}` ? firstViewEntry : undefined),
  };
}

/*
 * The entry (src/boot.ts) imports the app (src/main.tsx) dynamically, so that a page the api has already
 * rendered is painted before any of the app's files are asked for. Every other page (the back office,
 * the confirmation page) wants them at once, as before: index.html modulepreloads the app's chunk and
 * its static imports, and the api drops those links from the pages it renders (plugins/app/first-view.ts).
 */
const APP_MODULE = /[\\/]src[\\/]main\.tsx$/;
function preloadApp(): Plugin {
  return {
    name: 'hs-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId && APP_MODULE.test(c.facadeModuleId));
        if (!app) return [];
        const files = new Set<string>();
        const entry = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const visit = (file: string) => {
          // the entry is index.html's own script already
          if (files.has(file) || entry.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), firstView(), preloadApp()],
  // the server module bundles React's CommonJS files, which read NODE_ENV when loaded
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // `vite build` builds both environments: the browser's (dist) and the first view's (dist/.ssr).
  builder: {},
  environments: {
    ssr: {
      resolve: { noExternal: true },
      build: {
        outDir: 'dist/.ssr',
        emptyOutDir: false,
        sourcemap: false,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: {
          input: { 'first-view': FIRST_VIEW },
          output: { codeSplitting: false, entryFileNames: '[name].js' },
        },
      },
    },
  },
  resolve: {
    alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which files each entry and lazy route loads (bench/web reads it).
    manifest: true,
    // Budget for the public entry; `npm run build` prints every chunk with its gzip size.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // @hs/domain is pure (its modules only declare functions and constants such as valibot schemas),
      // so a module none of whose exports is used can go (the server's deciders, the admin schemas):
      // the public entry is 164 KB gzip instead of 169, in 6 files instead of 12 (npm run web -w bench).
      treeshake: {
        // The same holds for Panda's generated styled-system (its CSS is extracted at build time): a
        // recipe or pattern nobody imports leaves the public entry (issue 50).
        moduleSideEffects: (id) =>
          /[\\/](packages[\\/]domain[\\/]src|web[\\/]styled-system)[\\/]/.test(id) ? false : undefined,
      },
      output: {
        // Route-level code-splitting comes from React.lazy() in src/routes.tsx (admin, older flow).
        // React itself goes in its own long-cached chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
}));
