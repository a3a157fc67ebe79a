// The public gallery under load: 200,000 transcriptions and 5,000 tags in a throw-away embedded Postgres, then the
// tag page API and the tag index API at 50 connections, each next to a raw node:http server answering a body of the
// same size. Target (issue 5): p95 <= 10 ms for both, asked as browsers ask (gzip accepted). Load from wrk when
// installed (apt-get install wrk), else autocannon. Run: npm run bench:gallery
import postgres from 'postgres';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRange } from '../scripts/ports.mjs';
import { alternateRounds, generatorName, load, median, waitForQuietMachine } from './lib/load.mjs';
import { startServer } from './lib/server.mjs';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TRANSCRIPTIONS = 200_000;
const TAGS = 5_000;
const TARGET_P95_MS = 10;

/** Bulk SQL: every row gets one evenly spread tag, one skewed towards the 50 most popular, one random. */
async function seed(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const started = Date.now();
  await sql`
    insert into transcriptions (id, slug, title, reel_url, reel_code, transcription, tags, embed_code, media_url, thumbnail_url, created_at)
    select id, 'bench-reel-' || g || '-' || right(replace(id::text, '-', ''), 5), 'Bench reel number ' || g,
           'https://www.instagram.com/reel/Bench' || g || '/', 'Bench' || g,
           repeat('A spoken sentence from a seeded Reel about growth and habits. ', 6),
           array(select distinct t from unnest(array['tag' || (g % ${TAGS}), 'tag' || floor(power(random(), 4) * 50)::int, 'tag' || floor(random() * ${TAGS})::int]) as t),
           '', 'https://cdn.example/' || g || '.mp4', 'https://cdn.example/' || g || '.jpg', now() - make_interval(secs => g)
    from (select g, gen_random_uuid() as id from generate_series(1, ${TRANSCRIPTIONS}) as g) as s`;
  await sql`insert into transcription_tags (transcription_id, tag, created_at) select id, unnest(tags), created_at from transcriptions`;
  await sql`
    insert into transcription_tag_stats (tag, count, first_used, last_used)
    select tag, count(*), min(created_at), max(created_at) from transcription_tags group by tag`;
  await sql`analyze`;
  // The uncached path: one deep page of the most used tag, through the (tag, created_at) index.
  const plan = await sql`
    explain (analyze, format json)
    select t.id, t.slug, t.title, t.reel_url, t.transcription, t.tags, t.embed_code, t.media_url, t.thumbnail_url, t.created_at
    from transcription_tags tt join transcriptions t on t.id = tt.transcription_id
    where tt.tag = 'tag0' order by tt.created_at desc, tt.transcription_id desc limit 20 offset 1000`;
  const top = plan[0]['QUERY PLAN'][0];
  console.log(
    `uncached tag page query (tag0, page 51): ${top['Execution Time'].toFixed(2)} ms, plan ${JSON.stringify(top.Plan).match(/transcription_tags_page_idx/) ? 'uses transcription_tags_page_idx' : 'DOES NOT use the page index'}`,
  );
  const [{ rows, tags, links }] = await sql`
    select (select count(*) from transcriptions)::int as rows, (select count(*) from transcription_tag_stats)::int as tags,
           (select count(*) from transcription_tags)::int as links`;
  await sql.end();
  console.log(
    `seeded ${rows} transcriptions, ${tags} tags, ${links} tag links in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** A raw node:http server answering a fixed body (read from a file: gallery bodies are too big for argv), gzipped on request like the API. */
async function startBaseline(body) {
  const port = await freePortRange(1);
  const file = join(tmpdir(), `inkpilot-bench-body-${port}.json`);
  writeFileSync(file, JSON.stringify(body));
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
    const http = require('node:http');
    const zlib = require('node:zlib');
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const zipped = zlib.gzipSync(body);
    http.createServer((req, res) => {
      const gzip = /gzip/.test(req.headers['accept-encoding'] || '');
      res.writeHead(200, { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(gzip ? zipped : body);
    }).listen(${port}, '127.0.0.1');
  `,
    ],
    { stdio: 'inherit' },
  );
  await new Promise((done) => setTimeout(done, 500));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const line = (label, figures) =>
  `${label}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms, errors ${figures.errors}`;

const server = await startServer({ RUN_WORKERS: 'false' });
let failed = false;
try {
  await seed(server.pgUrl);
  // Popular and long-tail tags, first pages and deeper ones.
  const tagPaths = [];
  for (let index = 0; index < 200; index++)
    tagPaths.push(
      `/api/insta-transcriptions/tags/tag${index < 50 ? index : index * 23}?page=${(index % 5) + 1}&limit=20`,
    );
  const indexPath = '/api/insta-transcriptions/tags';
  const gzip = { 'accept-encoding': 'gzip' };

  console.log(`load generator: ${generatorName}`);
  // After a 200,000-row load Postgres checkpoints and autovacuums for a while; measure after that.
  console.log(`waited ${(await waitForQuietMachine()).toFixed(0)} s for a quiet machine`);
  // Judged as browsers ask (they always accept gzip); the uncompressed index is printed for reference only.
  const runs = [
    ['tag page', tagPaths, gzip, true],
    ['tag index', [indexPath], gzip, true],
    ['tag index, uncompressed (reference)', [indexPath], {}, false],
  ];
  for (const [name, paths, headers, judged] of runs) {
    const sample = await fetch(`${server.base}${paths[0]}`);
    const body = await sample.json();
    await load({ url: server.base, paths, connections: CONNECTIONS, duration: 2, headers }); // warm-up
    const baseline = await startBaseline(body);
    console.log(`\n${name} (${paths.length} distinct URLs, ${JSON.stringify(body).length} bytes of JSON)`);
    const rounds = await alternateRounds({
      rounds: ROUNDS,
      raw: () => load({ url: baseline.url, connections: CONNECTIONS, duration: DURATION, headers }),
      api: () => load({ url: server.base, paths, connections: CONNECTIONS, duration: DURATION, headers }),
      report: (round, figures) =>
        console.log(`  round ${round}: ${line('raw node:http baseline', figures.raw)}; ${line('API', figures.api)}`),
    });
    baseline.stop();
    const p95 = median(rounds.map((figures) => figures.api.p95));
    const errors = rounds.reduce((sum, figures) => sum + figures.api.errors, 0);
    const pass = p95 <= TARGET_P95_MS && errors === 0;
    if (judged) failed ||= !pass;
    const verdict = judged ? (pass ? 'PASS' : 'FAIL') : 'not judged';
    console.log(
      `  medians of ${ROUNDS} alternating rounds: ratio to baseline ${median(rounds.map((figures) => figures.ratio)).toFixed(3)}; API p95 ${p95} ms (target <= ${TARGET_P95_MS} ms): ${verdict}`,
    );
  }
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
