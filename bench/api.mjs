// Throughput of authenticated GET /api/projects/ at 100 connections against a raw node:http JSON baseline.
// Target: ratio >= 0.5 (issue 23; issue 2 asked 0.25) and p99 <= 50 ms. Run: npm run bench:api
// Then a mixed round (issue 22): the same reads while 20 editors each autosave their draft once a second (20 blog
// changes a second on the change feed), against the reads alone, alternating; target ratio >= 0.9.
//
// The two are measured in alternating rounds (baseline, API, baseline, API, ...) once the machine is quiet, and the
// medians are judged: on a small shared machine one run of either can swing by a third, and alternating keeps a slow
// spell from landing on one side only. Every round is printed.
//
// What a request costs: the ID token's signature was checked once (cached until it expires); the user and the
// project list come from the process's change-fed caches after the first request (docs/decisions.md), so this is
// the path of a signed-in user's repeated calls. The first call per user reads Postgres.
import { spawn } from 'node:child_process';
import {
  alternateRounds,
  emulatorToken,
  load,
  median,
  startBaseline,
  startServer,
  waitForQuietMachine,
} from './lib/server.mjs';

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.5; // issue 23: keep the ratio measured when it was filed (aim 0.6)
const TARGET_P99_MS = 50;
const AUTOSAVES_PER_SECOND = 20;
const TARGET_MIXED_RATIO = 0.9;

/**
 * AUTOSAVES_PER_SECOND editors in a process of their own, each with a draft it PATCHes once a second (the editors'
 * ticks spread evenly over the second), as open editors autosave, until stopped; resolves to how many saves they
 * made, how many failed and over how many seconds.
 */
function startAutosaves(base, token, postIds) {
  const script = `
    const [base, token, ids] = process.argv.slice(1);
    const postIds = ids.split(',');
    let saved = 0, failed = 0, warm = 0, stopping = false;
    process.on('message', () => { stopping = true; });
    const started = Date.now();
    // node:http with kept-alive connections, as cheap a client as a browser's is to this machine: the editors'
    // own CPU (fetch's streams cost about 2 ms a call here) is not the server's, and the bench shares two cores.
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: postIds.length });
    const send = (method, path, body) => new Promise((done) => {
      const request = http.request(base + path, {
        method, agent,
        headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => { text += chunk; });
        response.on('end', () => done({ status: response.statusCode, text }));
      });
      request.on('error', () => done(undefined));
      request.end(body);
    });
    const editor = async (postId, offset) => {
      // The draft as the editor opens it: its version moved on in earlier rounds.
      let { version } = JSON.parse((await send('GET', '/api/blogs/posts/post/' + postId)).text);
      for (let tick = 0; !stopping; tick++) {
        if (tick === 1 && ++warm === postIds.length) process.send('saving');
        const wait = started + offset + tick * 1000 - Date.now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
        if (stopping) break;
        const body = JSON.stringify({ version, markdown: 'Autosave ' + tick + '. ' + 'Words typed so far. '.repeat(40) });
        const response = await send('PATCH', '/api/blogs/posts/post/' + postId, body);
        if (response?.status === 200) { version = JSON.parse(response.text).version; saved++; continue; }
        if (failed++ === 0) console.error('autosave failed: ' + (response ? response.status + ' ' + response.text : 'no answer'));
      }
    };
    Promise.all(postIds.map((id, i) => editor(id, (i * 1000) / postIds.length))).then(() => {
      process.send({ saved, failed, seconds: (Date.now() - started) / 1000 });
      process.exit(0);
    });
  `;
  const child = spawn(process.execPath, ['-e', script, base, token, postIds.join(',')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    /** Resolves once every editor has saved once: the process has started and the saves run at their pace. */
    saving: new Promise((done) => child.once('message', done)),
    stop: () =>
      new Promise((done) => {
        child.on('message', (message) => message !== 'saving' && done(message));
        child.send('stop');
      }),
  };
}

const server = await startServer();
let baseline;
try {
  const token = await emulatorToken(server.authHost);
  const headers = { authorization: `Bearer ${token}` };
  for (const name of ['Acme blog', 'Side project', 'Agency client']) {
    await fetch(`${server.base}/api/projects/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
  }
  const projects = await (await fetch(`${server.base}/api/projects/`, { headers })).json();
  baseline = await startBaseline(projects);
  console.log(`waited ${(await waitForQuietMachine()).toFixed(0)} s for a quiet machine`);

  const api = () =>
    load({
      url: `${server.base}/api/projects/`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      generator: 'autocannon',
    });
  const raw = () => load({ url: baseline.url, connections: CONNECTIONS, duration: DURATION, generator: 'autocannon' });
  await api(); // warm-up: the server's hot path compiled, the pool's connections open
  await raw();

  const rounds = await alternateRounds({
    rounds: ROUNDS,
    raw,
    api,
    report: (round, figures) =>
      console.log(
        `round ${round}: raw node:http ${figures.raw.rps.toFixed(0)} req/s (p99 ${figures.raw.p99} ms); ` +
          `GET /api/projects/ ${figures.api.rps.toFixed(0)} req/s (p50 ${figures.api.p50} ms, p99 ${figures.api.p99} ms, errors ${figures.api.errors}); ratio ${figures.ratio.toFixed(3)}`,
      ),
  });

  const ratio = median(rounds.map((figures) => figures.ratio));
  const p99 = median(rounds.map((figures) => figures.api.p99));
  const errors = rounds.reduce((sum, figures) => sum + figures.api.errors, 0);
  console.log(
    `\nGET /api/projects/ (authenticated, ${projects.length} projects, ${CONNECTIONS} connections), medians of ${ROUNDS} rounds:`,
  );
  console.log(`raw node:http baseline: ${median(rounds.map((figures) => figures.raw.rps)).toFixed(0)} req/s`);
  console.log(
    `API: ${median(rounds.map((figures) => figures.api.rps)).toFixed(0)} req/s, p99 ${p99} ms, errors ${errors}`,
  );
  console.log(`ratio ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`);
  console.log(`p99 ${p99} ms (target <= ${TARGET_P99_MS} ms): ${p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'}`);
  let failed = !(ratio >= TARGET_RATIO && p99 <= TARGET_P99_MS && errors === 0);

  // Mixed: the same reads while a draft is autosaved AUTOSAVES_PER_SECOND times a second.
  const [project] = projects;
  const postIds = [];
  for (let editor = 0; editor < AUTOSAVES_PER_SECOND; editor++) {
    const created = await fetch(`${server.base}/api/blogs/posts/project/${project.id}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Being written ${editor + 1}` }),
    });
    const post = await created.json();
    if (created.status !== 201) throw new Error(`a draft was not created: ${created.status} ${JSON.stringify(post)}`);
    postIds.push(post.id);
  }
  const saves = [];
  const mixed = async () => {
    // The reads are measured once the autosaves run steadily, not while their process starts.
    const writer = startAutosaves(server.base, token, postIds);
    await writer.saving;
    const figures = await api();
    saves.push(await writer.stop());
    return figures;
  };
  const mixedRounds = await alternateRounds({
    rounds: ROUNDS,
    raw: api,
    api: mixed,
    report: (round, figures) =>
      console.log(
        `mixed round ${round}: reads alone ${figures.raw.rps.toFixed(0)} req/s; reads during autosaves ` +
          `${figures.api.rps.toFixed(0)} req/s (p99 ${figures.api.p99} ms, errors ${figures.api.errors}; ` +
          `${(saves.at(-1).saved / saves.at(-1).seconds).toFixed(1)} saves/s, ${saves.at(-1).failed} failed); ratio ${figures.ratio.toFixed(3)}`,
      ),
  });
  const mixedRatio = median(mixedRounds.map((figures) => figures.ratio));
  const mixedErrors = mixedRounds.reduce((sum, figures) => sum + figures.api.errors, 0);
  const failedSaves = saves.reduce((sum, round) => sum + round.failed, 0);
  console.log(`\nreads while ${AUTOSAVES_PER_SECOND} autosaves/s run, medians of ${ROUNDS} rounds:`);
  console.log(
    `reads alone ${median(mixedRounds.map((figures) => figures.raw.rps)).toFixed(0)} req/s; with autosaves ` +
      `${median(mixedRounds.map((figures) => figures.api.rps)).toFixed(0)} req/s, p99 ` +
      `${median(mixedRounds.map((figures) => figures.api.p99))} ms, errors ${mixedErrors}, failed saves ${failedSaves}`,
  );
  console.log(
    `mixed ratio ${mixedRatio.toFixed(3)} (target >= ${TARGET_MIXED_RATIO}): ${mixedRatio >= TARGET_MIXED_RATIO ? 'PASS' : 'FAIL'}`,
  );
  if (mixedRatio < TARGET_MIXED_RATIO || mixedErrors > 0 || failedSaves > 0) failed = true;
  process.exitCode = failed ? 1 : 0;
} finally {
  baseline?.stop();
  await server.stop();
}
