// Throughput of authenticated GET /api/projects/ at 100 connections against a raw node:http JSON baseline.
// Target (issue 2): ratio >= 0.25 and p99 <= 50 ms. Run: npm run bench:api
import { emulatorToken, load, startBaseline, startServer } from './lib/server.mjs';

const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const server = await startServer();
try {
  const token = await emulatorToken(server.authHost);
  const headers = { authorization: `Bearer ${token}` };
  for (const name of ['Acme blog', 'Side project', 'Agency client']) {
    await fetch(`${server.base}/api/projects/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  }
  const projects = await (await fetch(`${server.base}/api/projects/`, { headers })).json();
  await load({ url: `${server.base}/api/projects/`, connections: CONNECTIONS, duration: 2, headers, generator: 'autocannon' }); // warm-up

  const baseline = await startBaseline(projects);
  const raw = await load({ url: baseline.url, connections: CONNECTIONS, duration: DURATION, generator: 'autocannon' });
  baseline.stop();
  const api = await load({ url: `${server.base}/api/projects/`, connections: CONNECTIONS, duration: DURATION, headers, generator: 'autocannon' });

  const ratio = api.rps / raw.rps;
  console.log(`raw node:http baseline: ${raw.rps.toFixed(0)} req/s, p99 ${raw.p99} ms`);
  console.log(`GET /api/projects/ (authenticated, ${projects.length} projects): ${api.rps.toFixed(0)} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms, errors ${api.errors}`);
  console.log(`ratio ${ratio.toFixed(3)} (target >= 0.25): ${ratio >= 0.25 ? 'PASS' : 'FAIL'}`);
  console.log(`p99 ${api.p99} ms (target <= 50 ms): ${api.p99 <= 50 ? 'PASS' : 'FAIL'}`);
  process.exitCode = ratio >= 0.25 && api.p99 <= 50 && api.errors === 0 ? 0 : 1;
} finally {
  await server.stop();
}
