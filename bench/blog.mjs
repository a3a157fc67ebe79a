// The hosted blog's speed (issue 15): a cached post page on its project subdomain at 100 connections against a raw
// node:http server sending the same bytes (brotli, as browsers ask) from memory, in alternating rounds of the same
// run; then the same through a reverse proxy on loopback (Caddy when installed, else nginx, else a node:http proxy;
// each sends X-Forwarded-Host, the server trusts it) against that proxy in front of the raw server (issue 22); then
// Lighthouse on the post page (mobile preset: four scores; desktop preset: LCP). Page-view counting is on (issue 25,
// BLOG_ANALYTICS's default): every request comes as a browser of one of 20,000 readers, so each is judged, hashed and
// counted, and the bench prints how many views the server wrote. The post has a video after its introduction, as
// the video block places one (issue 24): its click-to-load player, with the thumbnail the blog serves from its own
// host (fetched from a fake of YouTube's image host on loopback), must keep those scores.
// Targets: ratio >= 0.8 direct and through the proxy, p95 time to first byte <= 10 ms, Lighthouse mobile
// 100/100/100/100, desktop LCP <= 0.5 s.
// Run: npm run bench:blog   (BENCH_SECONDS, BENCH_ROUNDS, LIGHTHOUSE_RUNS narrow or widen it; BLOG_ANALYTICS=false
// measures the blog without counting, for comparison)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { spawn } from 'node:child_process';
import http from 'node:http';
import postgres from 'postgres';
import { brotliDecompressSync } from 'node:zlib';
import { renderPostHtml } from '../api/services/posts/render.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { freePortRange } from '../scripts/ports.mjs';
import { startFakeYoutube } from '../tests/fixtures/fake-youtube/server.mjs';
import { startLoopbackProxy } from './lib/proxy.mjs';
import {
  alternateRounds,
  emulatorToken,
  generatorName,
  load,
  median,
  startServer,
  waitForQuietMachine,
} from './lib/server.mjs';

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
// Five alternating rounds: on a shared machine one round in three or four is hit by a neighbour (0.49 between 0.83 and
// 1.00), which a median of three cannot outvote.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET_RATIO = 0.8;
const TARGET_P95_MS = 10;
const TARGET_LCP_MS = 500;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Readers the load stands for: at 20,000 requests a second each asks for a page a second, under the burst rule's 5. */
const READERS = 20_000;
/** BLOG_ANALYTICS as the server reads it (zod's stringbool): set it false to measure the blog without counting. */
const COUNTING = !/^(false|0|no|off|n|disabled)$/i.test((process.env.BLOG_ANALYTICS ?? 'true').trim());

const MARKDOWN = `Good bread needs four things: flour, water, salt and time. This post walks through each of them.

[Shaping a loaf, step by step](https://www.youtube.com/watch?v=abcDEF12345)

## Flour

Strong white flour gives an open crumb; a share of wholemeal adds flavour. ${'Weigh everything, every time. '.repeat(20)}

## Water and salt

- 70% hydration to start
- 2% salt, by flour weight
- water at about 26 °C

## Time

${'A long, cool proof builds flavour that no shortcut matches. '.repeat(25)}

> Bake until the crust is a deep brown: pale bread is under-baked bread.
`;

/** A node:http server that answers every request with the given status, headers and bytes, in a child process. */
async function startRawServer(headers, bytes) {
  const port = await freePortRange(1);
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
    const http = require('node:http');
    const headers = ${JSON.stringify(headers)};
    const body = Buffer.from(${JSON.stringify(bytes.toString('base64'))}, 'base64');
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(${port}, '127.0.0.1', () => process.send?.('up'));
  `,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise((done) => child.once('message', done));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

/** GET through node:http with a Host header (fetch cannot set one). */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** What the server's page-view counter has written: views and the readers of today. */
async function countedViews(pgUrl) {
  const sql = postgres(pgUrl, { max: 1 });
  try {
    const [row] = await sql`
      select (select coalesce(sum(views), 0)::int from blog_views) as views,
             (select coalesce(sum(visitors), 0)::int from blog_visitors where post_id is null) as readers`;
    return row;
  } finally {
    await sql.end();
  }
}

/** Lighthouse RUNS times; the run with the median performance score. */
async function medianRun(url, port, config) {
  const runs = [];
  for (let index = 0; index < LIGHTHOUSE_RUNS; index += 1)
    runs.push(
      (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config)).lhr,
    );
  runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return runs[Math.floor(runs.length / 2)];
}

// Behind a proxy the server believes the proxy's X-Forwarded-Host (docs/operations.md, Caddy).
const youtube = await startFakeYoutube();
const server = await startServer({ TRUSTED_PROXIES: '127.0.0.1', YOUTUBE_THUMBNAIL_BASE_URL: youtube.origin });
const port = new URL(server.base).port;
let raw;
let proxy;
let chrome;
let failed = false;
try {
  const token = await emulatorToken(server.authHost);
  const created = await (
    await fetch(`${server.base}/api/projects/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Bakery' }),
    })
  ).json();
  const sql = postgres(server.pgUrl, { max: 1 });
  const [project] = await sql`select slug from projects where id = ${created.id}`;
  await sql`
    insert into blog_posts (project_id, title, slug, markdown, html, excerpt, meta_description, tags, status, published_at)
    values (${created.id}, 'How to bake a better loaf at home', 'better-loaf', ${MARKDOWN}, ${await renderPostHtml(MARKDOWN)},
            'Flour, water, salt and time: the four things good bread needs.',
            'Flour, water, salt and time: what each of the four things good bread needs does, and how to get them right at home.',
            ${['bread', 'baking']}, 'published', now())`;
  await sql.end();
  const host = `${project.slug}.blogs.localhost:${port}`;
  // Asked as browsers ask, so page-view counting (on by default, issue 25) judges and counts every request: a browser's
  // agent and language, and READERS readers (X-Forwarded-For, which the server trusts from loopback here), each at
  // a person's pace, so no request is put aside as a burst. The raw server gets the same requests.
  const headers = {
    host,
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': BROWSER_AGENT,
    'accept-language': 'en-GB,en;q=0.9',
  };
  const pageUrl = `${server.base}/better-loaf`;
  await get(pageUrl, headers); // fills the cache
  const page = await get(pageUrl, headers);
  if (page.status !== 200 || page.headers['content-encoding'] !== 'br')
    throw new Error(`the post page answered ${page.status} ${page.headers['content-encoding']}`);
  if (!brotliDecompressSync(page.body).toString().includes('data-video="abcDEF12345"'))
    throw new Error('the post page has no video player');
  const thumbnail = await get(`${server.base}/media/youtube/abcDEF12345.jpg`, headers);
  if (thumbnail.status !== 200 || thumbnail.headers['content-type'] !== 'image/jpeg')
    throw new Error(`the video thumbnail answered ${thumbnail.status} ${thumbnail.headers['content-type']}`);
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...sameHeaders } = page.headers;
  raw = await startRawServer(sameHeaders, page.body);
  console.log(`generator: ${generatorName}; page ${page.body.length} B brotli`);
  console.log(`waited ${(await waitForQuietMachine()).toFixed(0)} s for a quiet machine`);

  const blog = () => load({ url: pageUrl, connections: CONNECTIONS, duration: DURATION, headers, readers: READERS });
  const baseline = () =>
    load({ url: raw.url, connections: CONNECTIONS, duration: DURATION, headers, readers: READERS });
  await blog(); // warm-up
  await baseline();
  const rounds = await alternateRounds({
    rounds: ROUNDS,
    raw: baseline,
    api: blog,
    report: (round, figures) =>
      console.log(
        `round ${round}: raw node:http ${figures.raw.rps.toFixed(0)} req/s (p95 ${figures.raw.p95} ms); ` +
          `blog post ${figures.api.rps.toFixed(0)} req/s (p50 ${figures.api.p50} ms, p95 ${figures.api.p95} ms, errors ${figures.api.errors}); ratio ${figures.ratio.toFixed(3)}`,
      ),
  });
  const ratio = median(rounds.map((figures) => figures.ratio));
  const p95 = median(rounds.map((figures) => figures.api.p95));
  const errors = rounds.reduce((sum, figures) => sum + figures.api.errors, 0);
  console.log(`\ncached post page, ${CONNECTIONS} connections, medians of ${ROUNDS} rounds:`);
  console.log(`raw node:http, same bytes: ${median(rounds.map((figures) => figures.raw.rps)).toFixed(0)} req/s`);
  console.log(
    `blog: ${median(rounds.map((figures) => figures.api.rps)).toFixed(0)} req/s, p95 ${p95} ms, errors ${errors}`,
  );
  console.log(`ratio ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`);
  console.log(
    `p95 time to first byte ${p95} ms (target <= ${TARGET_P95_MS} ms): ${p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`,
  );
  if (ratio < TARGET_RATIO || p95 > TARGET_P95_MS || errors > 0) failed = true;
  if (COUNTING) {
    const counted = await countedViews(server.pgUrl);
    console.log(
      `page-view counting on: ${counted.views} views of ${counted.readers} readers counted so far (the last 3 s are still held)`,
    );
    if (counted.views === 0) failed = true;
  } else console.log('page-view counting off (BLOG_ANALYTICS is false): the figures above are without it');

  proxy = await startLoopbackProxy([Number(port), Number(new URL(raw.url).port)]);
  const [blogFront, rawFront] = proxy.ports;
  const proxied = await get(`http://127.0.0.1:${blogFront}/better-loaf`, headers);
  if (proxied.status !== 200 || !proxied.body.equals(page.body))
    throw new Error(`through ${proxy.kind} the post page answered ${proxied.status}`);
  const viaProxy = () =>
    load({
      url: `http://127.0.0.1:${blogFront}/better-loaf`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      readers: READERS,
    });
  const rawViaProxy = () =>
    load({
      url: `http://127.0.0.1:${rawFront}/`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      readers: READERS,
    });
  await viaProxy(); // warm-up
  await rawViaProxy();
  const proxyRounds = await alternateRounds({
    rounds: ROUNDS,
    raw: rawViaProxy,
    api: viaProxy,
    report: (round, figures) =>
      console.log(
        `proxy round ${round}: ${proxy.kind} → raw node:http ${figures.raw.rps.toFixed(0)} req/s; ${proxy.kind} → blog ` +
          `${figures.api.rps.toFixed(0)} req/s (p95 ${figures.api.p95} ms, errors ${figures.api.errors}); ratio ${figures.ratio.toFixed(3)}`,
      ),
  });
  const proxyRatio = median(proxyRounds.map((figures) => figures.ratio));
  const proxyErrors = proxyRounds.reduce((sum, figures) => sum + figures.api.errors, 0);
  console.log(`\nthrough ${proxy.kind} (X-Forwarded-Host trusted), medians of ${ROUNDS} rounds:`);
  console.log(
    `${proxy.kind} → raw node:http: ${median(proxyRounds.map((figures) => figures.raw.rps)).toFixed(0)} req/s; ` +
      `${proxy.kind} → blog: ${median(proxyRounds.map((figures) => figures.api.rps)).toFixed(0)} req/s, errors ${proxyErrors}`,
  );
  console.log(
    `proxy ratio ${proxyRatio.toFixed(3)} (target >= ${TARGET_RATIO}): ${proxyRatio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`,
  );
  if (proxyRatio < TARGET_RATIO || proxyErrors > 0) failed = true;

  chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  const url = `http://${host}/better-loaf`;
  const mobile = await medianRun(url, chrome.port);
  const scores = CATEGORIES.map((id) => [id, Math.round((mobile.categories[id].score ?? 0) * 100)]);
  console.log(`\nLighthouse mobile ${url}: ${scores.map(([id, score]) => `${id} ${score}`).join(', ')}`);
  for (const [id, score] of scores) {
    if (score >= 100) continue;
    failed = true;
    const misses = mobile.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (mobile.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id);
    console.log(`  ${id} below 100: ${misses.join(', ')}`);
  }
  const desktop = await medianRun(url, chrome.port, desktopConfig);
  const lcp = desktop.audits['largest-contentful-paint'].numericValue;
  console.log(
    `Lighthouse desktop LCP ${lcp.toFixed(0)} ms (target <= ${TARGET_LCP_MS} ms): ${lcp <= TARGET_LCP_MS ? 'PASS' : 'FAIL'}`,
  );
  if (lcp > TARGET_LCP_MS) failed = true;
  console.log(failed ? 'FAIL' : 'PASS: every target met');
} finally {
  chrome?.kill();
  proxy?.stop();
  raw?.stop();
  await server.stop();
  await youtube.stop();
}
process.exitCode = failed ? 1 : 0;
