// Prints the JS per public route of a build with issue 50's budgets and the figures from before it,
// and checks that public pages load no back-office module (src/admin/**).
import { machine } from '../lib/load';
import {
  BUDGET_KB,
  APP,
  collect,
  dynamicKey,
  jsPerRoute,
  kb,
  PREVIOUS_KB,
  readManifest,
  sizer,
  sourcesOf,
} from './js-per-route';

export interface JsReport {
  /** index.html's script and what it modulepreloads. */
  entryFiles: string[];
  /** Budgets missed and back-office modules found on public pages, one line each; empty when all is well. */
  problems: string[];
}

const isAdmin = (source: string) => /(^|\/)src\/admin\//.test(source);

export function printJsReport(dist: string): JsReport {
  const routes = jsPerRoute(dist);
  const { size, total } = sizer(dist);
  const entryFiles = routes.find((r) => !r.lazy)?.js ?? [];
  const problems: string[] = [];
  console.log(
    `web: JS before first render per public route of ${dist} (gzip: zlib level 6 per file); ${machine()}\n`,
  );
  console.log(
    '| route | module | JS files | JS raw KB | JS gzip KB | budget KB | before issue 50 KB | CSS gzip KB |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of routes) {
    const js = total(r.js);
    const extra = r.js.filter((f) => !entryFiles.includes(f));
    const files = r.lazy
      ? `entry (${entryFiles.length}) + ${extra[0]?.replace(/^assets\/|-[\w-]{8}\.js$/g, '')}${extra.length > 1 ? ` + ${extra.length - 1} shared` : ''}`
      : `entry (${r.js.length})`;
    const budget = BUDGET_KB[r.path];
    const over = budget !== undefined && js.gzip / 1024 > budget;
    if (over) problems.push(`${r.path}: ${kb(js.gzip)} KB gzip, over its budget of ${budget} KB`);
    console.log(
      `| \`${r.path}\` | ${r.module.replace(/^src\//, '')}${r.lazy ? ' (lazy)' : ''} | ${files} | ${kb(js.raw)} | ${kb(js.gzip)}${over ? ' MISSED' : ''} | ${budget ?? '-'} | ${PREVIOUS_KB[r.path] ?? '-'} | ${kb(total(r.css).gzip)} |`,
    );
  }
  console.log('\nentry files (index.html and what it modulepreloads), largest first:');
  for (const f of [...entryFiles].sort((a, b) => size(b).gzip - size(a).gzip))
    console.log(
      `  ${f.padEnd(44)} ${kb(size(f).raw).padStart(7)} KB raw ${kb(size(f).gzip).padStart(6)} KB gzip`,
    );

  // The back office: none of its modules on a public page; what /admin adds to the entry.
  const publicFiles = new Set(routes.flatMap((r) => r.js));
  const leaked = [...publicFiles].flatMap((f) =>
    sourcesOf(dist, f)
      .filter(isAdmin)
      .map((s) => `${f}: ${s}`),
  );
  if (leaked.length > 0) problems.push(`back-office modules on public pages: ${leaked.join(', ')}`);
  const manifest = readManifest(dist);
  const adminKey = dynamicKey(manifest, 'src/admin/admin-app');
  if (adminKey) {
    const js = new Set<string>();
    collect(manifest, 'index.html', js, new Set());
    if (manifest[APP]?.isDynamicEntry) collect(manifest, APP, js, new Set());
    const entry = new Set(js);
    collect(manifest, adminKey, js, new Set());
    const adminOnly = [...js].filter((f) => !entry.has(f) && !publicFiles.has(f));
    console.log(
      `\n/admin: the entry + ${kb(total([...js].filter((f) => !entry.has(f))).gzip)} KB gzip; ${kb(total(adminOnly).gzip)} KB of it in files no public route loads`,
    );
  }
  console.log(
    leaked.length === 0
      ? 'back-office modules (src/admin/**) in the JS of public routes: none'
      : `back-office modules in the JS of public routes: ${leaked.length}\n  ${leaked.join('\n  ')}`,
  );
  if (problems.length > 0) console.log(`\nMISSED:\n  ${problems.join('\n  ')}`);
  return { entryFiles, problems };
}
