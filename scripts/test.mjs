// npm test: format and lint (biome), unit + API tests (vitest), then a production build and the browser tests (Playwright).
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium.mjs';
import { ensureBuild } from './start.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
process.chdir(root);

function run(label, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const only = process.argv[2]; // optional: lint | unit | api | process | build | e2e
if (!only || only === 'lint') {
  // Formatting and the few lint rules of biome.json: unformatted or lint-failing code fails the suite.
  run('format and lint (biome ci)', ['node_modules/@biomejs/biome/bin/biome', 'ci', '--colors=off', '.']);
}
if (!only || ['unit', 'api'].includes(only)) {
  const projects = only ? [only] : ['unit', 'api'];
  run('unit and API tests (vitest)', [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projects.flatMap((name) => ['--project', name]),
  ]);
}
if (!only || only === 'process') {
  // Each process test starts its own servers and waits on them, so two files run at once even on a 2-core machine
  // (vitest's default there is one worker). The API tests' two workers are set in vitest.config.ts (one database
  // copy per worker, made by tests/api/global-setup.ts).
  run('process tests (vitest)', [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'process',
    `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`,
  ]);
}
if (!only || only === 'build' || only === 'e2e') ensureBuild();
if (!only || only === 'build') {
  run('checks of the built site (vitest)', [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'build',
    '--passWithNoTests',
  ]);
}
if (!only || only === 'e2e') {
  const browser = await chromiumPath();
  run('browser tests (Playwright)', ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(3)], {
    CHROMIUM_PATH: browser,
  });
}
