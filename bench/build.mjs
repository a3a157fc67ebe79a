// Full-site build time (target: under 60 s on the 2-core machine, issue 4), against a baseline measured in
// the same run: a one-page Astro project built by the same Astro, i.e. the fixed cost of any build.
// Prints seconds and pages/s; exits non-zero when the full build takes 60 s or more. Run: npm run bench:build
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const astroBin = join(root, 'node_modules/astro/bin/astro.mjs');
const TARGET_SECONDS = 60;

/** Runs `astro build` in cwd with DIST_DIR=outDir and returns the wall time in seconds. */
function build(cwd, outDir) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [astroBin, 'build'], {
    cwd,
    env: { ...process.env, DIST_DIR: outDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0) {
    console.error(result.stderr.toString());
    process.exit(result.status ?? 1);
  }
  return (performance.now() - started) / 1000;
}

/** Number of .html files under a folder. */
function countPages(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter(
    (e) => e.isFile() && e.name.endsWith('.html'),
  ).length;
}

// Both builds write inside the project folder: the prerender step imports the built chunks, and they find the
// project's packages only by walking up from where they are written (a /tmp folder has no node_modules above it).
mkdirSync(join(root, '.bench'), { recursive: true });
const work = mkdtempSync(join(root, '.bench/build-'));
try {
  const minimal = join(work, 'minimal');
  mkdirSync(join(minimal, 'src/pages'), { recursive: true });
  writeFileSync(join(minimal, 'package.json'), '{"type":"module"}');
  writeFileSync(join(minimal, 'tsconfig.json'), '{}');
  writeFileSync(join(minimal, 'astro.config.mjs'), 'export default { outDir: process.env.DIST_DIR };\n');
  writeFileSync(
    join(minimal, 'src/pages/index.astro'),
    '<html lang="en"><head><title>Baseline</title></head><body><h1>Baseline</h1></body></html>\n',
  );

  const baseSeconds = build(minimal, join(minimal, 'dist'));
  const fullDist = join(work, 'dist');
  const fullSeconds = build(root, fullDist);
  const pages = countPages(join(fullDist, 'client'));

  console.log(`baseline (one-page Astro project): ${baseSeconds.toFixed(1)} s`);
  console.log(
    `full site: ${fullSeconds.toFixed(1)} s for ${pages} pages = ${(pages / fullSeconds).toFixed(1)} pages/s`,
  );
  console.log(
    `beyond the baseline: ${(fullSeconds - baseSeconds).toFixed(1)} s (${(((fullSeconds - baseSeconds) / pages) * 1000).toFixed(0)} ms per page)`,
  );
  console.log(
    `full build / target: ${(fullSeconds / TARGET_SECONDS).toFixed(2)} (target < ${TARGET_SECONDS} s): ${fullSeconds < TARGET_SECONDS ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = fullSeconds < TARGET_SECONDS ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  try {
    rmdirSync(join(root, '.bench')); // only when empty: another bench run may be using it
  } catch {}
}
