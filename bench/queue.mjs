// The runs engine under load (issue 13). Run: npm run bench:queue
//
// 1. Throughput and pickup: RUNS no-op runs (a one-node workflow: topic_input) through the real run path — POST
//    /api/workflows/{id}/run (run row, node rows, pg-boss job), the in-process workflow-run worker (claim, node_runs,
//    status) — spread over PROJECTS projects (the per-project limit stays at its default). Throughput is runs finished
//    per second from the first request to the last finish; pickup is each run's started_at - created_at.
//    Baseline in the same process: raw pg-boss on the same database, send + work of as many empty jobs with the
//    same worker concurrency.
// 2. Polling: CLIENTS simulated clients, each polling GET /api/workflows/runs/{id} and GET /api/queue/status every
//    5 s for POLL_SECONDS, staggered; errors and p50/p99 latency. Baseline: the same clients polling GET /api/health.
//    Pickup is also measured when the queue is not backlogged: PACED runs sent at PACE per second (and the same for
//    raw pg-boss); under a backlog, pickup is mostly waiting in line.
// Targets: >= 500 runs/s, pickup p50 <= 100 ms; polling with zero errors and p99 <= 100 ms.
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { emulatorToken, startServer, waitForQuietMachine } from './lib/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 64);
const WORKER_CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 32);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 60);
const POLL_EVERY_MS = 5000;
const PACE = Number(process.env.BENCH_PACE ?? 20);
const PACED = Number(process.env.BENCH_PACED ?? 200);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `send` PACED times at PACE per second (not waiting for each to finish), then waits for all of them. */
async function paced(send) {
  const pending = [];
  const start = performance.now();
  for (let i = 0; i < PACED; i++) {
    pending.push(send(i));
    await sleep(Math.max(0, start + ((i + 1) * 1000) / PACE - performance.now()));
  }
  await Promise.all(pending);
}

const pct = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const server = await startServer({ WORKFLOW_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY), DATABASE_POOL_MAX: '20' });
const sql = postgres(server.pgUrl, { max: 4, onnotice: () => {} });
try {
  const token = await emulatorToken(server.authHost);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async (method, path, body, extra = {}) => {
    const response = await fetch(`${server.base}${path}`, { method, headers: { ...headers, ...extra }, body: body ? JSON.stringify(body) : undefined });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
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
  console.log(`waited ${(await waitForQuietMachine()).toFixed(0)} s for a quiet machine`);

  // Warm-up: the path compiled, pools open.
  await Promise.all(workflows.slice(0, 20).map((w) => api('POST', `/api/workflows/${w.workflowId}/run`, { topic: 'warm-up' })));
  await waitFor(async () => (await sql`select count(*)::int as n from workflow_runs where status in ('pending', 'running')`)[0].n === 0);
  await sql`delete from workflow_runs`;

  // 1. Throughput and pickup through the real run path.
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < RUNS) {
        const w = workflows[next++ % workflows.length];
        await api('POST', `/api/workflows/${w.workflowId}/run`, { topic: 'bench' });
      }
    }),
  );
  const sentSeconds = (performance.now() - started) / 1000;
  await waitFor(async () => (await sql`select count(*)::int as n from workflow_runs where status in ('pending', 'running')`)[0].n === 0, 300_000);
  const runs = await sql`
    select status, extract(epoch from created_at) * 1000 as created, extract(epoch from started_at) * 1000 as started,
           extract(epoch from finished_at) * 1000 as finished
    from workflow_runs`;
  const ok = runs.filter((run) => run.status === 'success');
  const first = Math.min(...runs.map((run) => Number(run.created)));
  const firstStart = Math.min(...ok.map((run) => Number(run.started)));
  const last = Math.max(...ok.map((run) => Number(run.finished)));
  const throughput = ok.length / ((last - first) / 1000);
  const pickups = ok.map((run) => Number(run.started) - Number(run.created));
  const [nodes] = await sql`select count(*)::int as n from node_runs where status = 'success'`;
  console.log(`\nruns: ${RUNS} sent in ${sentSeconds.toFixed(2)} s (${(RUNS / sentSeconds).toFixed(0)} req/s by ${SENDERS} senders over ${PROJECTS} projects)`);
  console.log(`runs: ${ok.length} success, ${runs.length - ok.length} other, ${nodes.n} node_runs success`);
  console.log(`runs: throughput ${throughput.toFixed(0)} runs/s first request to last finish (target >= 500): ${throughput >= 500 ? 'PASS' : 'FAIL'}`);
  console.log(`runs: worker throughput ${(ok.length / ((last - firstStart) / 1000)).toFixed(0)} runs/s first start to last finish`);
  console.log(`runs: pickup under that load (backlog included) p50 ${ms(pct(pickups, 50))}, p99 ${ms(pct(pickups, 99))}`);

  // Pickup when the queue is not backlogged: PACED runs at PACE per second.
  const pacedFrom = (await sql`select now() as at`)[0].at;
  await paced((i) => api('POST', `/api/workflows/${workflows[i % workflows.length].workflowId}/run`, { topic: 'paced' }));
  await waitFor(async () => (await sql`select count(*)::int as n from workflow_runs where status in ('pending', 'running')`)[0].n === 0, 120_000);
  const pacedRuns = await sql`
    select extract(epoch from started_at - created_at) * 1000 as pickup from workflow_runs where created_at >= ${pacedFrom} and status = 'success'`;
  const pacedPickups = pacedRuns.map((run) => Number(run.pickup));
  console.log(
    `runs: paced ${PACED} at ${PACE}/s: pickup p50 ${ms(pct(pacedPickups, 50))}, p99 ${ms(pct(pacedPickups, 99))} (target p50 <= 100 ms): ${pct(pacedPickups, 50) <= 100 ? 'PASS' : 'FAIL'}`,
  );

  // Baseline: raw pg-boss, same database, same worker concurrency, empty jobs.
  const boss = new PgBoss({ connectionString: server.pgUrl, schema: 'pgboss', max: 4, useListenNotify: true });
  await boss.start();
  await boss.createQueue('bench-baseline', { notify: true });
  const pickup = [];
  let done = 0;
  let lastDone = 0;
  // The same work options the workflow-run worker uses (api/jobs/workflow-run.ts).
  const batchSize = Math.min(4, WORKER_CONCURRENCY);
  await boss.work('bench-baseline', { localConcurrency: Math.ceil(WORKER_CONCURRENCY / 4), batchSize, burstWhenBatchFull: true, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) pickup.push(Date.now() - job.data.at);
    done += jobs.length;
    lastDone = Date.now();
  });
  const rawStart = Date.now();
  next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < RUNS) {
        next++;
        await boss.send('bench-baseline', { at: Date.now() });
      }
    }),
  );
  await waitFor(async () => done >= RUNS, 300_000);
  const rawBacklogPickup = [...pickup];
  pickup.length = 0;
  await paced(() => boss.send('bench-baseline', { at: Date.now() }));
  await waitFor(async () => done >= RUNS + PACED, 120_000);
  await boss.stop({ graceful: true, timeout: 5000 });
  const rawThroughput = RUNS / ((lastDone - rawStart) / 1000);
  console.log(`baseline raw pg-boss send+work: ${rawThroughput.toFixed(0)} jobs/s, pickup p50 ${ms(pct(rawBacklogPickup, 50))}, p99 ${ms(pct(rawBacklogPickup, 99))}`);
  console.log(`baseline raw pg-boss paced ${PACED} at ${PACE}/s: pickup p50 ${ms(pct(pickup, 50))}, p99 ${ms(pct(pickup, 99))}`);
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
              const response = await fetch(`${server.base}${path}`, { headers: { authorization: headers.authorization, ...extra } });
              await response.arrayBuffer();
              if (!response.ok) errors++;
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
  const health = await poll(() => [['/api/health', {}], ['/api/health', {}]]);
  const status = await poll((client) => {
    const run = sample[client % sample.length];
    return [
      [`/api/workflows/runs/${run.id}`, {}],
      ['/api/queue/status', { 'x-project-id': run.project_id }],
    ];
  });
  console.log(`\npolling baseline GET /api/health: ${health.latencies.length} requests, errors ${health.errors}, p50 ${ms(pct(health.latencies, 50))}, p99 ${ms(pct(health.latencies, 99))}`);
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
