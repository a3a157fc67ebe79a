// Shared bench plumbing: start the real server on throw-away data, sign a user in through the emulator, load it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePortRange } from '../../scripts/ports.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Starts api/server.ts with its own embedded Postgres and Auth emulator; resolves once /api/health answers. */
export async function startServer(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-bench-'));
  const port = await freePortRange(1);
  const authPort = await freePortRange(3);
  const pgPort = await freePortRange(1);
  const child = spawn(process.execPath, ['api/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(authPort),
      EMBEDDED_PG_PORT: String(pgPort),
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  // Generous: on a busy shared machine the Auth emulator alone has taken minutes to start.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    if (
      await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer /api/health within 5 minutes');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    base,
    authHost: `127.0.0.1:${authPort}`,
    pgUrl: `postgres://inkpilot:inkpilot@127.0.0.1:${pgPort}/inkpilot`,
    async stop() {
      await new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Google user signed in through the emulator; returns its ID token. */
export async function emulatorToken(authHost, email = 'bench@example.com') {
  const claims = { sub: `bench-${Date.now()}`, email, email_verified: true, name: 'Bench User' };
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      }),
    },
  );
  const body = await response.json();
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

export { alternateRounds, generatorName, load, median, waitForQuietMachine } from './load.mjs';

/** A raw node:http server answering a fixed JSON body: the baseline every API figure is compared with. */
export async function startBaseline(body) {
  const port = await freePortRange(1);
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
    const http = require('node:http');
    const body = ${JSON.stringify(JSON.stringify(body))};
    http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); }).listen(${port}, '127.0.0.1');
  `,
    ],
    { stdio: 'inherit' },
  );
  await new Promise((done) => setTimeout(done, 500));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}
