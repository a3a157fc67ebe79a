// npm start: load .env, build the site when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
process.chdir(root);

const DIST = process.env.DIST_DIR ?? 'dist';
const STAMP = `${DIST}/.build-stamp`;
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
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (process.env.SKIP_BUILD !== '1') ensureBuild();
  const server = spawn(process.execPath, ['api/server.ts'], { stdio: 'inherit' });
  // The server stops its own children; forward signals so a supervisor's SIGTERM reaches it.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
