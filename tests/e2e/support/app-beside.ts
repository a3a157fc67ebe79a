// A second app process beside the browser-test server, as production runs several: the same database and sign-in
// (the server's embedded PostgreSQL and Auth emulator), its own settings (an AI model, a search provider…) and its own
// job queues, so the runs and tasks it starts are worked with those settings. The browser signs in on its origin.
import { spawn } from 'node:child_process';
import { freePortRange } from '../../../scripts/ports.mjs';
import { expect } from './test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);

export interface AppBeside {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the app on a free port with `env` over the browser-test server's, its queues named `queuePrefix`. */
export async function startAppBeside(queuePrefix: string, env: Record<string, string>): Promise<AppBeside> {
  const appPort = await freePortRange();
  const origin = `http://127.0.0.1:${appPort}`;
  const pgPort = port + 50_000 > 65_000 ? 54517 : port + 50_000;
  const server = spawn(process.execPath, ['api/server.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(appPort),
      DATABASE_URL: `postgres://inkpilot:inkpilot@127.0.0.1:${pgPort}/inkpilot`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port + 4_000}`,
      JOBS_QUEUE_PREFIX: queuePrefix,
      FETCH_ALLOW_LOOPBACK: 'true',
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      ...env,
    },
  });
  const exited = new Promise((done) => server.once('exit', done));
  await expect
    .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 90_000 })
    .toBe(200);
  return {
    origin,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}
