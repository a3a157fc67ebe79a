// The load generator of every bench: wrk (Debian package `wrk`, written in C) when installed, else autocannon.
// autocannon shares the two cores with the server and reads answers slower than Node writes them, so with it the
// generator, not the server, is often what gets measured.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** True when wrk is on PATH. */
export const HAS_WRK = spawnSync('wrk', ['--version']).error === undefined;

/** Which generator load() uses, for the bench's first line. */
export const generatorName = HAS_WRK
  ? 'wrk'
  : 'autocannon (apt-get install wrk for figures the generator does not limit)';

/** The address of reader `index` of a load that stands for many readers (10.x.y.z, sent as X-Forwarded-For). */
export const readerAddress = (index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/**
 * A Lua script for wrk: cycles through the paths, sends the headers (and, with `readers`, an X-Forwarded-For cycling
 * through that many addresses), prints the figures as one JSON line.
 */
function wrkScript(paths, headers, readers = 0) {
  const lines = [
    `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }`,
    'local counter = 0',
    `local readers = ${readers}`,
    // wrk sets wrk.headers.Host from the URL unless the script does; a lower-case 'host' would go out as a second
    // Host header, and Node keeps the first of the two (the URL's), so a Host-routed page would not be asked for.
    ...Object.entries(headers).map(
      ([name, value]) =>
        `wrk.headers[${JSON.stringify(name.toLowerCase() === 'host' ? 'Host' : name)}] = ${JSON.stringify(value)}`,
    ),
    'request = function()',
    '  counter = counter + 1',
    '  if readers == 0 then',
    "    return wrk.format('GET', paths[(counter % #paths) + 1])",
    '  end',
    '  local r = counter % readers',
    '  local headers = {}',
    '  for name, value in pairs(wrk.headers) do headers[name] = value end',
    // LuaJIT (wrk's Lua) has no bitwise operators: the same bytes by arithmetic.
    "  headers['X-Forwarded-For'] = string.format('10.%d.%d.%d', math.floor(r / 65536) % 256, math.floor(r / 256) % 256, r % 256)",
    "  return wrk.format('GET', paths[(counter % #paths) + 1], headers)",
    'end',
    'done = function(summary, latency)',
    '  local e = summary.errors',
    '  io.write(string.format(\'RESULT {"rps":%f,"p50":%.2f,"p95":%.2f,"p99":%.2f,"errors":%d}\\n\',',
    '    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(95) / 1000,',
    '    latency:percentile(99) / 1000, e.connect + e.read + e.write + e.status + e.timeout))',
    'end',
  ];
  return lines.join('\n');
}

function loadWithWrk({ url, paths, connections, duration, headers, readers }) {
  const script = join(tmpdir(), `inkpilot-bench-${process.pid}-${Date.now()}.lua`);
  writeFileSync(script, wrkScript(paths, headers, readers));
  const run = spawnSync('wrk', ['-t2', `-c${connections}`, `-d${duration}s`, '-s', script, url], { encoding: 'utf8' });
  rmSync(script, { force: true });
  const json = run.stdout.match(/^RESULT (.*)$/m)?.[1];
  if (!json) throw new Error(`wrk printed no result:\n${run.stdout}${run.stderr}`);
  return JSON.parse(json);
}

async function loadWithAutocannon({ url, paths, connections, duration, headers, readers }) {
  let counter = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    requests: paths.map((path) => ({
      method: 'GET',
      path,
      ...(readers
        ? {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': readerAddress(counter++ % readers) },
            }),
          }
        : {}),
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5, // autocannon has no p95; the stricter p97.5 stands in
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/**
 * GET load on url (cycling through paths when given) at the given connections; latencies in ms, non-2xx as errors.
 * `generator: 'autocannon'` keeps a bench on autocannon (small answers, where it is not the limit and its
 * connection handling keeps the tail honest at 100 connections); the default takes wrk when installed. `readers`
 * sends each request as one of that many readers (X-Forwarded-For 10.x.y.z, for a server that trusts the client).
 */
export async function load({ url, paths, connections, duration = 10, headers = {}, generator, readers = 0 }) {
  const origin = new URL(url);
  const options = {
    url: origin.origin,
    paths: paths ?? [origin.pathname + origin.search],
    connections,
    duration,
    headers,
    readers,
  };
  return HAS_WRK && generator !== 'autocannon' ? loadWithWrk(options) : loadWithAutocannon(options);
}

/** Share of the machine's CPU time that was busy over the next `ms` milliseconds (Linux /proc/stat), or undefined. */
async function busyShare(ms) {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  if (!existsSync('/proc/stat')) return undefined;
  const before = read();
  await new Promise((done) => setTimeout(done, ms));
  const after = read();
  return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * Waits until the machine is quiet (under 15% busy for a second, at most `limitMs`), so a figure is not taken while
 * something the bench started is still warming up: the Auth emulator compiles its API schemas for several seconds
 * of two full cores after its first sign-in. Returns the seconds waited.
 */
export async function waitForQuietMachine(limitMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const share = await busyShare(1000);
    if (share === undefined || share < 0.15) break;
  }
  return (Date.now() - started) / 1000;
}

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Measures the baseline and the subject in alternating rounds (baseline, subject, baseline, ...), so a slow spell of
 * a small shared machine does not land on one side only; each round goes to `report` as it ends. Judge the medians.
 */
export async function alternateRounds({ rounds, raw, api, report = () => {} }) {
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    const figures = { raw: await raw(), api: await api() };
    figures.ratio = figures.api.rps / figures.raw.rps;
    results.push(figures);
    report(round, figures);
  }
  return results;
}
