import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSql } from '../../api/db/sql.ts';
import { freePortRange } from '../../scripts/ports.mjs';
import {
  emulatorSignIn,
  killMarked,
  markedProcesses,
  runLine,
  stopCommand,
  terminalEnv,
  waitForOutput,
} from './support/commands.ts';
import { docBlock, withPorts } from './support/docs.ts';

// docs/operations.md's Caddyfile, run with Debian's stock Caddy (no DNS module). Only what cannot happen here changes:
// Caddy's own local CA stands in for Let's Encrypt, and it listens on free ports with its data in a folder of ours.
const OPS = 'docs/operations.md';
const base = mkdtempSync(join(tmpdir(), 'inkpilot-caddy-'));
chmodSync(base, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it
const marker = randomUUID();

afterAll(async () => {
  killMarked(marker);
  await rm(base, { recursive: true, force: true });
}, 60_000);

function caddyBinary(): string {
  if (spawnSync('caddy', ['version']).status === 0) return 'caddy';
  throw new Error('caddy is not installed: apt-get install -y caddy (.ci/run installs it when missing)');
}

/** A GET over TLS to Caddy with the given server name (SNI and Host); rejects when Caddy offers no certificate. */
function tlsGet(port: number, name: string, path: string) {
  return new Promise<{ status: number; text: string; certificateNames: string }>((resolve, reject) => {
    const request = https.get(
      { host: '127.0.0.1', port, path, servername: name, headers: { host: name }, rejectUnauthorized: false },
      (response) => {
        const certificateNames =
          (response.socket as import('node:tls').TLSSocket).getPeerCertificate().subjectaltname ?? '';
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, certificateNames }));
      },
    );
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
  });
}

describe("Caddy's on-demand TLS, as docs/operations.md sets it up", () => {
  it('gives project subdomains and verified domains a certificate and their blog, and unknown names none', async () => {
    const caddy = caddyBinary();
    const ports = {
      PORT: await freePortRange(1),
      EMBEDDED_PG_PORT: await freePortRange(1),
      AUTH_EMULATOR_PORT: await freePortRange(3),
    };
    const server = runLine(
      'npm run serve',
      terminalEnv(marker, {
        DATA_DIR: join(base, 'data'),
        DIST_DIR: join(base, 'no-site'),
        SITE_URL: 'https://app.example.com',
        BLOG_BASE_URL: 'https://blogs.example.com',
        TRUSTED_PROXIES: '127.0.0.1',
        ...Object.fromEntries(Object.entries(ports).map(([name, value]) => [name, String(value)])),
      }),
    );
    const httpPort = await freePortRange(1);
    const httpsPort = await freePortRange(1);
    const caddyDir = join(base, 'caddy');
    mkdirSync(caddyDir);
    const caddyfile = withPorts(docBlock(OPS, 'Automatic HTTPS with Caddy (on-demand TLS)', 'caddyfile'), {
      4321: ports.PORT,
    }).replace(
      /^\{\n/,
      `{\n\tlocal_certs\n\tskip_install_trust\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n` +
        `\tstorage file_system {\n\t\troot ${join(caddyDir, 'storage')}\n\t}\n`,
    );
    writeFileSync(join(caddyDir, 'Caddyfile'), caddyfile);
    let proxy: ReturnType<typeof spawn> | undefined;
    try {
      await waitForOutput(server, /ready: http/);
      let caddyOutput = '';
      proxy = spawn(caddy, ['run', '--config', join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
        env: { ...terminalEnv(marker), HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proxy.stdout?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
      proxy.stderr?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
      const token = await emulatorSignIn(`127.0.0.1:${ports.AUTH_EMULATOR_PORT}`, 'caddy@example.com');
      const make = async (name: string) => {
        const response = await fetch(`http://127.0.0.1:${ports.PORT}/api/projects/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        return ((await response.json()) as { id: string }).id;
      };
      const subdomainProject = await make('Caddy Subdomain');
      const domainProject = await make('Caddy Custom Domain');
      const sql = createSql(`postgres://inkpilot:inkpilot@127.0.0.1:${ports.EMBEDDED_PG_PORT}/inkpilot`, 1);
      const [row]: [{ slug: string }?] = await sql`select slug from projects where id = ${subdomainProject}`;
      await sql`update projects set custom_blog_domain = 'blog.customer-test.com', custom_blog_domain_status = 'verified' where id = ${domainProject}`;
      await sql.end();
      const app = await (async () => {
        for (let i = 0; ; i++) {
          try {
            return await tlsGet(httpsPort, 'app.example.com', '/api/health');
          } catch (error) {
            if (i > 100) throw new Error(`Caddy did not answer: ${String(error)}\n${caddyOutput}`);
            await new Promise((done) => setTimeout(done, 300));
          }
        }
      })();

      const subdomain = await tlsGet(httpsPort, `${row?.slug}.blogs.example.com`, '/');
      const custom = await tlsGet(httpsPort, 'blog.customer-test.com', '/');
      const unknown = tlsGet(httpsPort, 'nobody-at-all.blogs.example.com', '/');

      expect(app.status).toBe(200);
      expect(subdomain.status).toBe(200);
      expect(subdomain.text).toContain('Caddy Subdomain');
      expect(subdomain.certificateNames).toContain(`DNS:${row?.slug}.blogs.example.com`);
      expect(custom.status).toBe(200);
      expect(custom.text).toContain('Caddy Custom Domain');
      expect(custom.certificateNames).toContain('DNS:blog.customer-test.com');
      await expect(unknown).rejects.toThrow(); // no certificate: /api/domains/allowed said 404
    } finally {
      proxy?.kill('SIGTERM');
      await stopCommand(server);
      await expect.poll(() => markedProcesses(marker), { timeout: 30_000 }).toEqual([]);
    }
  });
});
