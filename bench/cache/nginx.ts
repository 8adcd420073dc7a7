// Debian's nginx as a child process in front of the api, with the caching policy docker compose uses
// (deploy/nginx/api-cache.conf, included as is): its config, cache, temp files and logs all in a
// scratch directory; the access log records, per request, the cache status and whether (and how
// long) the api was asked, so the bench can count what reached the origin.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, stopChild, waitReady } from '../lib/stack';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const POLICY = join(root, 'deploy/nginx/api-cache.conf');

export interface Nginx {
  url: string;
  child: ChildProcess;
  /** Lines of the access log so far (one per request, background refreshes included). */
  log: () => LogLine[];
  stop: () => Promise<void>;
}

export interface LogLine {
  /** $upstream_cache_status: HIT, MISS, EXPIRED, STALE, UPDATING, REVALIDATED, BYPASS, or '-'. */
  cache: string;
  status: number;
  method: string;
  uri: string;
  /** True when this request (or background refresh) was sent to the api. */
  origin: boolean;
}

function config(dir: string, port: number, upstream: URL): string {
  return `worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  # The request that refreshes an entry in the background is a subrequest: logged too, so that every
  # request the api got is in the log ($upstream_addr is '-' when the api was not asked).
  log_subrequest on;
  log_format cache '$upstream_cache_status $status $request_method "$request_uri" $upstream_addr';
  access_log ${dir}/access.log cache buffer=256k flush=1s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=api:10m max_size=256m inactive=10m use_temp_path=off;
  upstream hs_api {
    server ${upstream.host};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      include ${POLICY};
      proxy_pass http://hs_api;
    }
  }
}
`;
}

/** Starts nginx in front of `upstreamUrl` (http://host:port) and waits until it answers `readyPath`. */
export async function startNginx(upstreamUrl: string, readyPath = '/api/events'): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (or set NGINX_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'hsbench-nginx-'));
  // Started as root, nginx's worker runs as nobody: it must be able to reach its cache in here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, port, new URL(upstreamUrl)));
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    output = (output + d).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const errors = () => {
    const file = join(dir, 'error.log');
    return output + (existsSync(file) ? readFileSync(file, 'utf8').slice(-20_000) : '');
  };
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(`${url}${readyPath}`, 'nginx', errors);
  } catch (err) {
    await stop();
    throw err;
  }
  const log = () => parseLog(readFileSync(join(dir, 'access.log'), 'utf8'));
  return { url, child, log, stop };
}

const LINE = /^(\S+) (\d+) (\S+) "([^"]*)" (\S+)$/;

function parseLog(text: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const raw of text.split('\n')) {
    const m = LINE.exec(raw);
    if (m)
      lines.push({ cache: m[1]!, status: Number(m[2]), method: m[3]!, uri: m[4]!, origin: m[5] !== '-' });
  }
  return lines;
}
