import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { restoreSessions, saveAccountsContinuously } from './account-saver.ts';
import { stopProcess } from './processes.ts';
import { forgetProcess, stopWhenThisProcessDies } from './watchdog.ts';

export interface AuthEmulator {
  host: string; // host:port, the value FIREBASE_AUTH_EMULATOR_HOST expects
  stop: () => Promise<void>;
}

const require = createRequire(import.meta.url);

/** How often the accounts are compared with the saved ones (a crash loses at most the accounts of this window). */
const SAVE_INTERVAL_MS = 1_000;

/**
 * Stops an emulator a previous run started and left running (its pid file under DATA_DIR names a live process whose
 * command line holds our config path); anything else is left alone and the start reports the busy port.
 */
async function reclaimEmulator(pidFile: string, configPath: string, notice: (line: string) => void): Promise<void> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(pid) && pid > 0 && (await stopProcess(pid, 'SIGTERM', configPath, 10_000))) {
    notice(`stopped the Auth emulator a previous run left running (pid ${pid})`);
  }
  await rm(pidFile, { force: true });
}

/** Starts the Firebase Auth emulator from firebase-tools on loopback and waits until it answers. */
export async function startAuthEmulator(options: {
  dataDir: string;
  port: number;
  projectId: string;
  log?: (line: string) => void;
  notice?: (line: string) => void;
}): Promise<AuthEmulator> {
  const dataDir = resolve(options.dataDir);
  const dir = resolve(dataDir, 'firebase');
  // firebase-tools finds "its" running emulator through a locator file named after the project in the temp folder;
  // every emulator here uses demo-inkpilot, so each gets its own temp folder, or one checkout's (or test suite's)
  // firebase commands would reach another one's emulator.
  const tmp = resolve(dir, 'tmp');
  await mkdir(tmp, { recursive: true });
  const configPath = resolve(dir, 'firebase.json');
  const pidFile = resolve(dir, 'emulator.pid');
  await reclaimEmulator(pidFile, configPath, options.notice ?? (() => {}));
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
  // Accounts survive restarts and crashes: saved as they are made (account-saver.ts), imported on the next start.
  const exportDir = resolve(dir, 'export');
  const persistence = existsSync(resolve(exportDir, 'firebase-export-metadata.json')) ? ['--import', exportDir] : [];
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configPath, ...persistence],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TMPDIR: tmp,
        TMP: tmp,
        TEMP: tmp,
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        CI: process.env.CI ?? '',
      },
    },
  );
  const pid = child.pid;
  if (pid) {
    await writeFile(pidFile, String(pid));
    stopWhenThisProcessDies({ dataDir, pid, signal: 'SIGTERM', marker: configPath, graceMs: 10_000 });
  }
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
  // Sessions survive the restart: the import would have revoked every token issued before it.
  if (persistence.length)
    await restoreSessions({ host, projectId: options.projectId, exportDir }).catch((error: unknown) =>
      options.notice?.(`could not restore sessions after the restart (people may have to sign in again): ${error}`),
    );
  const saver = saveAccountsContinuously({
    host,
    projectId: options.projectId,
    exportDir,
    intervalMs: SAVE_INTERVAL_MS,
  });
  return {
    host,
    stop: async () => {
      await saver.stop();
      await stopChild(child);
      if (pid) forgetProcess(dataDir, pid);
      await rm(pidFile, { force: true });
    },
  };
}

async function waitUntilUp(child: ChildProcess, url: string, output: string[]): Promise<void> {
  // Generous: on a busy 2-core machine the firebase CLI alone has taken 50 s to load.
  const deadline = Date.now() + 120_000;
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

/** Sends SIGTERM and waits for the exit, escalating to SIGKILL after 10 s. */
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
