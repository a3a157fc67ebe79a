// npm run lock:refresh — rewrites package-lock.json so that `npm ci` accepts it on a clean clone of any platform.
// npm resolves the lock in a temporary folder that has no node_modules (an install over an existing node_modules
// leaves out optional packages this machine cannot use), with the committed lock as its starting point so locked
// versions stay. Optional platform packages the registry does not serve at the wanted version (npm then leaves
// them out, and `npm ci` refuses the lock as "Missing: …") get an entry that names only their platform, so every
// other platform skips them without fetching. Then the lock is checked (`npm ci --dry-run`) and copied back.
// Options: --scratch ignores the committed lock (every version re-resolved; use after a conflicted merge).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingOptionals, uncoveredInstallScripts } from './lockfile.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const scratch = process.argv.includes('--scratch');

/** Runs the npm that started this script (npm run sets npm_execpath), else the one on PATH. */
function npm(args, cwd, { quiet = false } = {}) {
  const [command, prefix] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const result = spawnSync(command, [...prefix, ...args], { cwd, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    if (quiet) console.error(result.stdout, result.stderr);
    throw new Error(`npm ${args.join(' ')} failed (exit ${result.status})`);
  }
}

/** The platform fields (os, cpu, libc) of the newest published version of `name` at or below `version`. */
function platformOf(name, version) {
  const [command, prefix] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  try {
    // whole manifests: asked for fields, npm drops the field names when only one of them is set (wasm32: cpu only)
    const out = execFileSync(command, [...prefix, 'view', `${name}@<=${version}`, '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const answer = JSON.parse(out || '{}');
    const newest = Array.isArray(answer) ? answer.at(-1) : answer;
    return { cpu: newest?.cpu, libc: newest?.libc, os: newest?.os };
  } catch {
    return {};
  }
}

/** Adds an entry for each missing optional dependency; returns the names added. */
function completeOptionals(lock) {
  const added = [];
  for (const { from, name, spec } of missingOptionals(lock)) {
    const top = `node_modules/${name}`;
    const path = lock.packages[top] ? `${from}/node_modules/${name}` : top;
    const parent = lock.packages[from] ?? {};
    const platform = platformOf(name, spec);
    const entry = { version: spec };
    for (const field of ['cpu', 'libc']) if (platform[field]) entry[field] = platform[field];
    if (parent.dev) entry.dev = true;
    entry.optional = true;
    if (platform.os) entry.os = platform.os;
    lock.packages[path] = entry;
    added.push(
      `${name}@${spec}${platform.os || platform.cpu ? ` (${[platform.os, platform.cpu].flat().filter(Boolean).join(' ')})` : ' (platform unknown)'}`,
    );
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  return added;
}

const work = mkdtempSync(join(tmpdir(), 'inkpilot-lock-'));
try {
  copyFileSync(join(root, 'package.json'), join(work, 'package.json'));
  if (existsSync(join(root, '.npmrc'))) copyFileSync(join(root, '.npmrc'), join(work, '.npmrc'));
  if (!scratch && existsSync(join(root, 'package-lock.json')))
    copyFileSync(join(root, 'package-lock.json'), join(work, 'package-lock.json'));

  npm(['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], work);

  const lockPath = join(work, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const added = completeOptionals(lock);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  if (added.length)
    console.log(
      `\nnot served by the registry at the locked version, entered for their platform only:\n  ${added.join('\n  ')}`,
    );

  npm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], work, { quiet: true });
  console.log('npm ci accepts the lock.');

  const allowScripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).allowScripts;
  const uncovered = uncoveredInstallScripts(lock, allowScripts);
  if (uncovered.length)
    console.log(
      `\ninstall scripts not yet in allowScripts (review each, then npm install-scripts approve/deny NAME):\n  ${uncovered.join('\n  ')}`,
    );

  copyFileSync(lockPath, join(root, 'package-lock.json'));
  console.log('\npackage-lock.json refreshed; commit it with package.json.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
