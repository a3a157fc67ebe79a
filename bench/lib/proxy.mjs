// A reverse proxy on loopback in front of local servers, for benches that measure what a server costs behind one:
// Caddy when installed (it always sends X-Forwarded-Host, the case issue 22 measured), else nginx (told to send it
// too), else a small node:http proxy that does the same. One proxy process serves every upstream, each on a port.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRange } from '../../scripts/ports.mjs';

const installed = (program, args) => spawnSync(program, args).status === 0;

async function waitForPort(port) {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the proxy did not listen on ${port}`);
}

function caddyfile(routes) {
  return [
    '{',
    '\tadmin off',
    '\tauto_https off',
    '}',
    ...routes.map(({ port, upstream }) => `:${port} {\n\treverse_proxy 127.0.0.1:${upstream}\n}`),
  ].join('\n');
}

function nginxConf(dir, routes) {
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    ...routes.map(
      ({ port, upstream }) => `  upstream u${port} { server 127.0.0.1:${upstream}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://u${port};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`,
    ),
    '}',
  ].join('\n');
}

/** node:http reverse proxy in a child process (keep-alive upstream agent), adding X-Forwarded-Host/-For. */
const NODE_PROXY = `
  const http = require('node:http');
  const routes = JSON.parse(process.argv[1]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  for (const { port, upstream } of routes) {
    http.createServer((req, res) => {
      const headers = { ...req.headers, 'x-forwarded-host': req.headers.host, 'x-forwarded-for': req.socket.remoteAddress };
      const out = http.request({ host: '127.0.0.1', port: upstream, path: req.url, method: req.method, headers, agent }, (up) => {
        res.writeHead(up.statusCode, up.headers);
        up.pipe(res);
      });
      out.on('error', () => { res.writeHead(502); res.end(); });
      req.pipe(out);
    }).listen(port, '127.0.0.1');
  }
`;

/** Starts one proxy serving each upstream port on a port of its own; returns its kind, the front ports and stop(). */
export async function startLoopbackProxy(upstreams) {
  const routes = [];
  for (const upstream of upstreams) routes.push({ port: await freePortRange(1), upstream });
  const dir = mkdtempSync(join(tmpdir(), 'inkpilot-bench-proxy-'));
  let kind;
  let child;
  if (installed('caddy', ['version'])) {
    kind = 'Caddy';
    writeFileSync(join(dir, 'Caddyfile'), caddyfile(routes));
    child = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      stdio: 'ignore',
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    });
  } else if (installed('/usr/sbin/nginx', ['-v'])) {
    kind = 'nginx';
    writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, routes));
    child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  } else {
    kind = 'node:http proxy';
    child = spawn(process.execPath, ['-e', NODE_PROXY, JSON.stringify(routes)], { stdio: 'ignore' });
  }
  for (const { port } of routes) await waitForPort(port);
  return {
    kind,
    ports: routes.map(({ port }) => port),
    stop: () => {
      child.kill(kind === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
