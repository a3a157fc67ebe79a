// The runs engine under load (issue 13). Run: npm run bench:queue
//
// 1. Throughput and pickup of one load: RUNS no-op runs (a one-node workflow: topic_input) offered at RATE per second
//    (open loop: each request leaves at its time, whether or not earlier ones have answered) through the real run
//    path — POST /api/workflows/{id}/run (run row, node rows, pg-boss job), the in-process workflow-run worker
//    (claim, node_runs, status) — spread over PROJECTS projects (the per-project limit stays at its default).
//    Throughput is runs finished per second from the first request to the last finish; pickup is each of the same
//    runs' started_at - created_at. Both are judged on this one load. RATE is a little above 500 because the window
//    ends one run's duration after the last request; BENCH_RATE=800 and up find where the machine stops keeping up.
//    Baseline in the same process: raw pg-boss on the same database, the same number of empty jobs sent at the same
//    rate and worked with the workflow-run worker's work options (groups, batches, concurrency).
//    Extra information, not judged: pickup of PACED runs at PACE per second (the latency floor when nothing waits).
// 2. Polling: CLIENTS simulated clients, each polling GET /api/workflows/runs/{id} and GET /api/queue/status every
//    5 s for POLL_SECONDS, staggered; errors and p50/p99 latency. Baseline: the same clients polling GET /api/health.
// Targets: >= 500 runs/s with pickup p50 <= 100 ms; polling with zero errors and p99 <= 100 ms.
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { httpClient } from './lib/http.mjs';
import { emulatorToken, startServer, waitForQuietMachine } from './lib/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 550);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100);
const MAX_IN_FLIGHT = Number(process.env.BENCH_MAX_IN_FLIGHT ?? 256);
const WORKER_CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 32);
const PROJECT_CONCURRENCY = 2; // WORKFLOW_PROJECT_CONCURRENCY's default
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 60);
const POLL_EVERY_MS = 5000;
const PACE = Number(process.env.BENCH_PACE ?? 20);
const PACED = Number(process.env.BENCH_PACED ?? 100);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `send(i)` count times at `rate` per second without waiting for answers (at most MAX_IN_FLIGHT unanswered:
 * past that the sender waits, and the rate it reached shows it), then waits for all. Returns the seconds it took.
 */
async function offer(count, rate, send) {
  const pending = new Set();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait >= 1) await sleep(wait);
    while (pending.size >= MAX_IN_FLIGHT) await Promise.race(pending);
    const request = send(i).finally(() => pending.delete(request));
    pending.add(request);
  }
  await Promise.all(pending);
  return (performance.now() - start) / 1000;
}

const pct = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const server = await startServer({
  WORKFLOW_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
  WORKFLOW_PROJECT_CONCURRENCY: String(PROJECT_CONCURRENCY),
  DATABASE_POOL_MAX: '20',
  // Thousands of runs an hour from one account is the load measured, not abuse: the hourly limits step aside (their
  // per-start cost, one statement, is still paid).
  THROTTLE_RUNS_PER_USER: '1000000',
  THROTTLE_RUNS_PER_PROJECT: '1000000',
});
const sql = postgres(server.pgUrl, { max: 4, onnotice: () => {} });
try {
  const token = await emulatorToken(server.authHost);
  const request = httpClient(server.base, { authorization: `Bearer ${token}` });
  const api = async (method, path, body) => {
    const { status, text } = await request(method, path, { body });
    if (status < 200 || status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  // Thousands of runs from one account: it is put on Scale (unlimited posts), as an admin would offline.
  const me = await api('GET', '/api/users/me/');
  await sql`insert into subscriptions (account_id, plan_override) values (${me.id}, 'scale') on conflict (account_id) do update set plan_override = 'scale'`;
  const workflows = [];
  for (let i = 0; i < PROJECTS; i++) {
    const project = await api('POST', '/api/projects/', { name: `Bench ${i}` });
    const workflow = await api('POST', `/api/workflows/project/${project.id}`, {
      name: 'No-op',
      nodes: [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }],
      edges: [],
    });
    workflows.push({ projectId: project.id, workflowId: workflow.id });
  }
  const openRuns = async () =>
    (await sql`select count(*)::int as n from workflow_runs where status in ('pending', 'running')`)[0].n;
  const start = (i, topic) =>
    api('POST', `/api/workflows/${workflows[i % workflows.length].workflowId}/run`, { topic });

  // Warm-up: the path compiled, pools open.
  await offer(500, RATE, (i) => start(i, 'warm-up'));
  await waitFor(async () => (await openRuns()) === 0);
  await sql`delete from workflow_runs`;
  console.log(`waited ${(await waitForQuietMachine()).toFixed(0)} s for a quiet machine`);

  // 1. Throughput and pickup of one load through the real run path.
  let failed = 0;
  const sentSeconds = await offer(RUNS, RATE, (i) => start(i, 'bench').catch(() => void failed++));
  await waitFor(async () => (await openRuns()) === 0, 300_000);
  const runs = await sql`
    select status, extract(epoch from created_at) * 1000 as created, extract(epoch from started_at) * 1000 as started,
           extract(epoch from finished_at) * 1000 as finished
    from workflow_runs`;
  const ok = runs.filter((run) => run.status === 'success');
  const first = Math.min(...runs.map((run) => Number(run.created)));
  const last = Math.max(...ok.map((run) => Number(run.finished)));
  const throughput = ok.length / ((last - first) / 1000);
  const pickups = ok.map((run) => Number(run.started) - Number(run.created));
  const endToEnd = ok.map((run) => Number(run.finished) - Number(run.created));
  const [nodes] = await sql`select count(*)::int as n from node_runs where status = 'success'`;
  const pass = ok.length === RUNS && throughput >= 500 && pct(pickups, 50) <= 100;
  console.log(
    `\nruns: ${RUNS} offered at ${RATE}/s over ${PROJECTS} projects, sent in ${sentSeconds.toFixed(2)} s (${(RUNS / sentSeconds).toFixed(0)} req/s), ${failed} refused`,
  );
  console.log(`runs: ${ok.length} success, ${runs.length - ok.length} other, ${nodes.n} node_runs success`);
  console.log(
    `runs: throughput ${throughput.toFixed(0)} runs/s first request to last finish; pickup p50 ${ms(pct(pickups, 50))}, p99 ${ms(pct(pickups, 99))}; created to finished p50 ${ms(pct(endToEnd, 50))}, p99 ${ms(pct(endToEnd, 99))}`,
  );
  console.log(`runs: target >= 500 runs/s with pickup p50 <= 100 ms (same load): ${pass ? 'PASS' : 'FAIL'}`);

  // Extra information: pickup when nothing waits, PACED runs at PACE per second.
  const pacedFrom = (await sql`select now() as at`)[0].at;
  await offer(PACED, PACE, (i) => start(i, 'paced'));
  await waitFor(async () => (await openRuns()) === 0, 120_000);
  const pacedRuns = await sql`
    select extract(epoch from started_at - created_at) * 1000 as pickup from workflow_runs where created_at >= ${pacedFrom} and status = 'success'`;
  const pacedPickups = pacedRuns.map((run) => Number(run.pickup));
  console.log(
    `runs: (not judged) ${PACED} at ${PACE}/s: pickup p50 ${ms(pct(pacedPickups, 50))}, p99 ${ms(pct(pacedPickups, 99))}`,
  );

  // Baseline: raw pg-boss, same database, empty jobs at the same rate, the workflow-run worker's work options.
  const boss = new PgBoss({ connectionString: server.pgUrl, schema: 'pgboss', max: 4, useListenNotify: true });
  await boss.start();
  await boss.createQueue('bench-baseline', { notify: true });
  const pickup = [];
  let done = 0;
  let lastDone = 0;
  // The work options of api/jobs/workflow-run.ts at this concurrency.
  const batchSize = Math.min(4, WORKER_CONCURRENCY);
  const workOptions = {
    localConcurrency: Math.ceil(WORKER_CONCURRENCY / batchSize),
    batchSize,
    burstWhenBatchFull: true,
    pollingIntervalSeconds: 1,
    groupConcurrency: PROJECT_CONCURRENCY,
  };
  await boss.work('bench-baseline', workOptions, async (jobs) => {
    for (const job of jobs) pickup.push(Date.now() - job.data.at);
    done += jobs.length;
    lastDone = Date.now();
  });
  const rawStart = Date.now();
  await offer(RUNS, RATE, (i) =>
    boss.send('bench-baseline', { at: Date.now() }, { group: { id: workflows[i % workflows.length].projectId } }),
  );
  await waitFor(async () => done >= RUNS, 300_000);
  await boss.stop({ graceful: true, timeout: 5000 });
  const rawThroughput = RUNS / ((lastDone - rawStart) / 1000);
  console.log(
    `baseline raw pg-boss send + work at ${RATE}/s: ${rawThroughput.toFixed(0)} jobs/s, pickup p50 ${ms(pct(pickup, 50))}, p99 ${ms(pct(pickup, 99))}`,
  );
  console.log(`runs / raw pg-boss: ${(throughput / rawThroughput).toFixed(2)}`);

  // 2. Polling: CLIENTS clients, run + queue status every 5 s, staggered.
  const sample = await sql`select id, project_id from workflow_runs limit ${CLIENTS}`;
  const poll = async (requests) => {
    const latencies = [];
    let errors = 0;
    const end = Date.now() + POLL_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        await new Promise((resolve) => setTimeout(resolve, (client / CLIENTS) * POLL_EVERY_MS));
        while (Date.now() < end) {
          const tick = Date.now();
          for (const [path, extra] of requests(client)) {
            const t0 = performance.now();
            try {
              const { status } = await request('GET', path, { headers: extra });
              if (status !== 200) errors++;
            } catch {
              errors++;
            }
            latencies.push(performance.now() - t0);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_EVERY_MS - (Date.now() - tick))));
        }
      }),
    );
    return { latencies, errors };
  };
  const health = await poll(() => [
    ['/api/health', {}],
    ['/api/health', {}],
  ]);
  const status = await poll((client) => {
    const run = sample[client % sample.length];
    return [
      [`/api/workflows/runs/${run.id}`, {}],
      ['/api/queue/status', { 'x-project-id': run.project_id }],
    ];
  });
  console.log(
    `\npolling baseline GET /api/health: ${health.latencies.length} requests, errors ${health.errors}, p50 ${ms(pct(health.latencies, 50))}, p99 ${ms(pct(health.latencies, 99))}`,
  );
  console.log(
    `polling run + queue status (${CLIENTS} clients every 5 s for ${POLL_SECONDS} s): ${status.latencies.length} requests, errors ${status.errors}, p50 ${ms(pct(status.latencies, 50))}, p99 ${ms(pct(status.latencies, 99))} (target 0 errors, p99 <= 100 ms): ${status.errors === 0 && pct(status.latencies, 99) <= 100 ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await server.stop();
}

async function waitFor(check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}
