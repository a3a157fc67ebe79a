// Lighthouse (mobile preset) on the production server: four category scores and JS bytes (gzip) per page.
// Median of LIGHTHOUSE_RUNS (default 3) runs per page; LIGHTHOUSE_PAGES=/a,/b narrows the pages,
// LIGHTHOUSE_REPORT_DIR keeps each page's JSON report. Target (issue 3): every score 100 on /, /pricing and /tools. Run: npm run bench:lighthouse
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { ensureBuild } from '../scripts/start.mjs';
import { startServer } from './lib/server.mjs';

const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/pricing',
  '/tools',
  '/tools/local-seo-calculator/healthcare/us',
];
const OPTIONAL = new Set(['/tools/local-seo-calculator/healthcare/us']); // built by the calculator issue
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3); // the median run is reported: single runs vary on a busy machine

/** Runs Lighthouse RUNS times and keeps the run with the median performance score. */
async function medianRun(url, port) {
  const runs = [];
  for (let index = 0; index < RUNS; index += 1)
    runs.push((await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })).lhr);
  runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return runs[Math.floor(runs.length / 2)];
}

/** Gzip size of every script the page loaded, fetched again so the figure does not depend on the server's encoding. */
async function scriptBytes(lhr) {
  const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
  let total = 0;
  for (const { url } of scripts) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return { count: scripts.length, total };
}

ensureBuild();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
});
let failed = false;
try {
  for (const path of PAGES) {
    const url = `${server.base}${path}`;
    if (OPTIONAL.has(path) && (await fetch(url)).status === 404) {
      console.log(`${path}: skipped (answers 404: not built yet)`);
      continue;
    }
    const lhr = await medianRun(url, chrome.port);
    if (process.env.LIGHTHOUSE_REPORT_DIR)
      writeFileSync(
        `${process.env.LIGHTHOUSE_REPORT_DIR}/${path.replaceAll('/', '_') || 'root'}.json`,
        JSON.stringify(lhr),
      );
    const scores = CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]);
    const js = await scriptBytes(lhr);
    console.log(
      `${path}: ${scores.map(([id, score]) => `${id} ${score}`).join(', ')}; JS ${js.total} B gzip in ${js.count} files`,
    );
    for (const [id, score] of scores) {
      if (score >= 100) continue;
      failed = true;
      const misses = lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
        .map((ref) => ref.id);
      console.log(`  ${id} below 100: ${misses.join(', ')}`);
    }
  }
  console.log(failed ? 'FAIL: a score is below 100' : 'PASS: every score is 100');
} finally {
  chrome.kill();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
