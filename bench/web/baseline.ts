// The web bench's pages and their static baselines: what each page's main content and control are,
// and a static HTML page with the product page's own visible text inline and the same main control
// (no JavaScript, no stylesheet, no api call), served by static-server.ts in a process of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, root, waitReady } from '../lib/stack';

export const EVENT = process.env.WEB_EVENT ?? 'whitecoat-health-screening';

export interface Target {
  name: string;
  path: string;
  /** Must match for `ready`. */
  content: string;
  /** Must match an element that is not disabled and not busy. */
  control: string;
  /** The api request the page's main content comes from ('' when none). */
  data: string;
  /** The baseline page's equivalent of the control. */
  baselineControl: string;
}

export const targets: Target[] = [
  {
    name: 'home',
    path: '/',
    content: `ul[aria-label="Events"] a[href="/events/${EVENT}"]`,
    control: `ul[aria-label="Events"] a[href="/events/${EVENT}"]`,
    data: '/api/events',
    baselineControl: `<ul aria-label="Events"><li><a href="/events/${EVENT}">View Details</a></li></ul>`,
  },
  {
    name: 'event',
    path: `/events/${EVENT}`,
    content: 'form input[type="radio"]',
    control: 'form button[type="submit"]',
    data: `/api/events/${EVENT}`,
    baselineControl:
      '<form><label><input type="radio" name="packageId" value="1"> Package</label><button type="submit">Next</button></form>',
  },
  {
    name: 'cancel',
    path: '/cancel-appointment',
    content: 'form input#referenceNumber',
    control: 'form button[type="submit"]',
    data: '',
    baselineControl:
      '<form><label for="referenceNumber">Reference number</label><input id="referenceNumber" name="referenceNumber"><button type="submit">Find</button></form>',
  },
];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The baseline page of a target: the product page's visible text, inline, and its main control. */
export function baselineHtml(target: Target, text: string): string {
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
${target.baselineControl}
</main></body>
</html>
`;
}

/** static-server.ts on a free port, serving `GET /page/<name>` from `dir/<name>.html`. */
export async function startStatic(dir: string): Promise<{ url: string; child: ChildProcess }> {
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
