// npm start: load .env, build the site when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDotEnv } from '../api/runtime/dotenv.ts';
import { STAMP_NAME } from './build-stamp.mjs';
import { whenNpmParentGone } from '../api/runtime/parent-watch.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
// Run as a program (not imported by scripts/test.mjs), by whatever path: a linked folder names this file otherwise.
const main = Boolean(process.argv[1]) && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
// The working folder's .env, read the way every entry point reads it (npm runs scripts in the project folder).
if (main) loadDotEnv();
process.chdir(root);

const DIST = process.env.DIST_DIR ?? 'dist';
const STAMP = `${DIST}/${STAMP_NAME}`; // written by every astro build (scripts/build-stamp.mjs)
/** Copies of one signal (terminal + npm) arrive within this window and count once. */
const SAME_PRESS_MS = 150;
const SOURCES = ['src', 'astro.config.mjs', 'package.json', 'scripts/precompress.mjs'];

/** Newest modification time under the given paths. */
function newest(paths) {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) latest = Math.max(latest, newest(readdirSync(path).map((name) => join(path, name))));
    else latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

/** Builds the site unless the last build is newer than every source file. */
export function ensureBuild() {
  const built = existsSync(STAMP) && existsSync(`${DIST}/server/entry.mjs`) ? statSync(STAMP).mtimeMs : 0;
  if (built && built >= newest(SOURCES)) return;
  console.log(built ? '[inkpilot] sources changed: rebuilding the site' : '[inkpilot] building the site (first start)');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (main) {
  if (process.env.SKIP_BUILD !== '1') ensureBuild();
  // The server runs in its own process group (detached), so a Ctrl+C reaches it only through here, once per press:
  // the terminal signals the whole foreground group and npm forwards the same signal again, and a server that saw
  // both would take one press for two (a second signal means "exit at once"). The IPC channel closes if this
  // process dies in any way, and the server then stops as on SIGTERM.
  const server = spawn(process.execPath, ['api/server.ts'], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: process.platform !== 'win32', // on Windows detached means a console window of its own
  });
  let lastForward = 0;
  const forward = (signal) => {
    const now = Date.now();
    if (now - lastForward < SAME_PRESS_MS) return; // the copies of one press arrive together
    lastForward = now;
    server.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM')); // terminal closed
  // A supervisor's SIGTERM to `npm start` kills npm's shell and goes no further: its exit is our stop signal. It
  // counts as a press only when none came before (after Ctrl+C the shell may die too; that is not a second press).
  whenNpmParentGone(() => {
    if (lastForward === 0) forward('SIGTERM');
  });
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
