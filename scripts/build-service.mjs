// Bundles a service's entry points with esbuild: our workspace packages (@hs/*,
// TypeScript source) are compiled in; every other package stays external and
// is loaded from node_modules at run time. Run from the service's folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const cwd = process.cwd();
const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
const entries = pkg.hsEntries ?? ['src/server.ts'];

const externalDeps = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@hs/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: entries.map((e) => join(cwd, e)),
  outdir: join(cwd, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'info',
  plugins: [externalDeps],
  banner: {
    // Some dependencies still call require(); give ESM bundles one.
    js: "import { createRequire as __hsCreateRequire } from 'node:module'; const require = __hsCreateRequire(import.meta.url);",
  },
});
