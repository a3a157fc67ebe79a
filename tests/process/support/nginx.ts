// Debian's nginx, run as an ordinary foreground process on a configuration of the test's own.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The nginx binary, or a failure that says how to get it (.ci/run installs it on a CI machine). */
export function nginxBinary(): string {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (spawnSync(path, ['-v']).status === 0) return path;
  throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run installs it when missing)');
}

/**
 * Starts nginx with `httpBlock` inside `http {}` (as a file under /etc/nginx/sites-enabled would be), logging each
 * request's upstream to access.log in dir; resolves once it listens on port.
 */
export async function startNginx(dir: string, httpBlock: string, port: number) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777); // worker processes run as an unprivileged user when nginx starts as root
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      "  log_format upstream '$status $upstream_addr $host';",
      `  access_log ${join(dir, 'access.log')} upstream;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(dir, `${kind}-temp`)};`,
      ),
      httpBlock,
      '}',
    ].join('\n'),
  );
  const child = spawn(nginxBinary(), ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  if (child.exitCode !== null) throw new Error(`nginx did not start: ${errors}${readLog(dir, 'error.log')}`);
  return {
    accessLog: () => readLog(dir, 'access.log'),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGQUIT');
      }),
  };
}

function readLog(dir: string, name: string): string {
  try {
    return readFileSync(join(dir, name), 'utf8');
  } catch {
    return '';
  }
}
