// Bundles a service's entry points with esbuild: our workspace packages (@hs/*,
// TypeScript source) are compiled in; every other package stays external and
// is loaded from node_modules at run time. Run from the service's folder.
import { copyFileSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const cwd = process.cwd();
const outdir = join(cwd, 'dist');
const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
const entries = pkg.hsEntries ?? ['src/server.ts'];
// Data files the code reads at run time with readFileSync(new URL('./<name>', import.meta.url)), so that
// source (vitest, tsx) and bundle both find them. In the bundle that URL is relative to dist/<entry>.js,
// hence the files are copied flat into dist/ and every entry must be bundled there too (checked below).
const assets = pkg.hsAssets ?? [];
const assetNames = assets.map((a) => basename(a));
if (new Set(assetNames).size !== assetNames.length) throw new Error(`hsAssets share a file name: ${assets}`);

const externalDeps = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@hs/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const result = await build({
  entryPoints: entries.map((e) => join(cwd, e)),
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'info',
  metafile: true,
  plugins: [externalDeps],
  banner: {
    // Some dependencies still call require(); give ESM bundles one.
    js: "import { createRequire as __hsCreateRequire } from 'node:module'; const require = __hsCreateRequire(import.meta.url);",
  },
});

if (assets.length > 0) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (output.entryPoint && dirname(join(cwd, file)) !== outdir)
      throw new Error(`${file}: an entry bundled below dist/ would not find the hsAssets copied into dist/`);
  }
}
for (const asset of assets) {
  // copyFileSync throws on a missing file: a declared asset that is absent fails the build, not a request.
  copyFileSync(join(cwd, asset), join(outdir, basename(asset)));
  console.log(`  ${relative(cwd, join(outdir, basename(asset)))} (copied from ${asset})`);
}
