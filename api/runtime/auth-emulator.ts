import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

export interface AuthEmulator {
  host: string; // host:port, the value FIREBASE_AUTH_EMULATOR_HOST expects
  stop: () => Promise<void>;
}

const require = createRequire(import.meta.url);

/** Starts the Firebase Auth emulator from firebase-tools on loopback and waits until it answers. */
export async function startAuthEmulator(options: { dataDir: string; port: number; projectId: string; log?: (line: string) => void }): Promise<AuthEmulator> {
  const dir = resolve(options.dataDir, 'firebase');
  // firebase-tools finds "its" running emulator through a locator file named after the project in the temp folder;
  // every emulator here uses demo-inkpilot, so each gets its own temp folder, or the export-on-exit of one checkout
  // (or test suite) would save another one's accounts.
  const tmp = resolve(dir, 'tmp');
  await mkdir(tmp, { recursive: true });
  const configPath = resolve(dir, 'firebase.json');
  // Hub and logging ports follow the auth port so two checkouts can run side by side.
  const emulators = {
    auth: { host: '127.0.0.1', port: options.port },
    hub: { host: '127.0.0.1', port: options.port + 1 },
    logging: { host: '127.0.0.1', port: options.port + 2 },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  await writeFile(configPath, JSON.stringify({ emulators }, null, 2));
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  // Accounts survive restarts: exported on a clean stop, imported on the next start.
  const exportDir = resolve(dir, 'export');
  const persistence = ['--export-on-exit', exportDir, ...(existsSync(resolve(exportDir, 'firebase-export-metadata.json')) ? ['--import', exportDir] : [])];
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configPath, ...persistence],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? '' },
    },
  );
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    options.log?.(text.trim());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const host = `127.0.0.1:${options.port}`;
  await waitUntilUp(child, `http://${host}/`, output);
  return { host, stop: () => stopChild(child) };
}

async function waitUntilUp(child: ChildProcess, url: string, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The Firebase Auth emulator did not start (${url}). Output:\n${output.join('').slice(-2000)}`);
}

/** Sends SIGTERM and waits for the exit (the emulator exports its accounts first), escalating to SIGKILL after 10 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}
