// Publishing to destinations under load (issue 28). Run: npm run bench:publish
//
// PUBLISHES posts of one project published through the real path — POST /api/blogs/posts/post/{id}/publish (the
// lifecycle's publish and its outbox row), the outbox consumer's `destinations` subscriber writing one delivery row
// per destination, the delivery job (api/jobs/deliveries.ts) making the calls — to 3 destinations served by the
// loopback fakes of the tests (tests/fixtures/): a signed webhook receiver, Ghost's Admin API and Shopify's Admin
// GraphQL API, in a process of their own. Publishes are offered open loop at RATE a second (each leaves at its time,
// whether or not earlier ones have answered). Figures, from the database's own timestamps: deliveries a second from
// the first publish to the last delivery, and per delivery the time from the post's publish (its published_at, the
// publish transaction's time) to its delivered_at; p50 and p99.
// Baseline in the same run: the same 3 × PUBLISHES calls made directly with the same adapters (api/destinations/, so
// the same HTTP requests: a signed webhook, Ghost's JWT, Shopify's GraphQL) to the same fakes, from this process, at
// most DELIVERY_CONCURRENCY at once (what one delivery worker makes at once), each publish's 3 calls offered at the
// publish's time. Its latency is from that time to the call's answer.
// Targets: deliveries/s >= 0.8 of the direct calls' rate; p99 publish → delivered <= 2 s.
// Posts carry no cover (a raster cover's rendering and upload would be measured, not the delivery path). Shopify's
// cost bucket is opened up in the fake (its 50 points a second would allow 5 articles a second, and what would be
// measured is that limit, on both sides alike).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { adapterOf } from '../api/destinations/index.ts';
import { destinationIo } from '../api/services/destinations/io.ts';
import { httpClient } from './lib/http.mjs';
import { emulatorToken, startServer, waitForQuietMachine } from './lib/server.mjs';
import { offerAt, percentile } from './lib/publish.mjs';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 30);
const CONCURRENCY = Number(process.env.BENCH_DELIVERY_CONCURRENCY ?? 16); // DELIVERY_CONCURRENCY's default
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 2000;
const MARKDOWN = `${'A paragraph of the post, as a writer would send it out to every site the project has. '.repeat(12)}\n\n## A heading\n\n${'And a second paragraph with a [link](https://example.com/) in it. '.repeat(8)}`;

/** The fakes in a child process of their own, so this process's load (the baseline's calls) is not theirs. */
async function startFakes() {
  const script = `
    import { startWebhookReceiver } from ${JSON.stringify(new URL('../tests/fixtures/webhook-receiver/server.mjs', import.meta.url).href)};
    import { startFakeGhost } from ${JSON.stringify(new URL('../tests/fixtures/fake-ghost/server.mjs', import.meta.url).href)};
    import { startFakeShopify } from ${JSON.stringify(new URL('../tests/fixtures/fake-shopify/server.mjs', import.meta.url).href)};
    const [webhook, ghost, shopify] = await Promise.all([startWebhookReceiver(), startFakeGhost(), startFakeShopify()]);
    shopify.state.restoreRate = 1e9;
    // What the fakes keep for the tests' inspection is dropped as it comes: a bench of thousands keeps memory flat.
    setInterval(() => { webhook.received.length = 0; ghost.state.requests.length = 0; shopify.state.requests.length = 0; }, 1000);
    process.send({ webhook: webhook.url, ghost: { origin: ghost.origin, adminKey: ghost.adminKey },
      shopify: { origin: shopify.origin, token: shopify.state.token, blogId: shopify.state.blogs[0].id } });
    process.on('message', () => process.exit(0));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.on('exit', () => child.kill());
  const info = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the fakes exited (${code})`)));
  });
  return {
    ...info,
    stop: () =>
      new Promise((done) => {
        child.removeAllListeners('exit');
        child.once('exit', done);
        child.send('stop');
      }),
  };
}

const fakes = await startFakes();
const server = await startServer({
  // The destinations are on loopback, which only a test configuration lets user-supplied addresses reach.
  NODE_ENV: 'test',
  FETCH_ALLOW_LOOPBACK: 'true',
  DELIVERY_CONCURRENCY: String(CONCURRENCY),
});
const sql = postgres(server.pgUrl, { max: 2, onnotice: () => {} });
try {
  const token = await emulatorToken(server.authHost);
  const request = httpClient(server.base, { authorization: `Bearer ${token}` });
  const api = async (method, path, body) => {
    const { status, text } = await request(method, path, { body });
    if (status < 200 || status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const me = await api('GET', '/api/users/me/');
  await sql`insert into subscriptions (account_id, plan_override) values (${me.id}, 'scale') on conflict (account_id) do update set plan_override = 'scale'`;
  const project = await api('POST', '/api/projects/', { name: 'Bench publishing' });
  const settings = {
    webhook: { url: fakes.webhook },
    ghost: { api_url: fakes.ghost.origin, admin_api_key: fakes.ghost.adminKey },
    shopify: { store_domain: fakes.shopify.origin, access_token: fakes.shopify.token, blog_id: fakes.shopify.blogId },
  };
  for (const [kind, values] of Object.entries(settings)) {
    const saved = await api('POST', `/api/projects/${project.id}/destinations`, {
      kind,
      name: `Bench ${kind}`,
      settings: values,
    });
    if (kind === 'webhook') settings.webhook.signing_secret = saved.revealed_secrets.signing_secret;
  }
  const drafts = async (count, label) => {
    const ids = [];
    await offerAt(count, 1000, 8, async (i) => {
      const post = await api('POST', `/api/blogs/posts/project/${project.id}`, {
        title: `${label} ${i + 1}`,
        markdown: MARKDOWN,
      });
      ids[i] = post.id;
    });
    return ids;
  };
  // A refused publish (a reset connection on the loaded machine) is counted and left out of the waiting and the
  // figures: waiting for its deliveries would wait for ever.
  const publish = (ids) => {
    let refused = 0;
    const published = [];
    return offerAt(ids.length, RATE, 256, (i) =>
      api('POST', `/api/blogs/posts/post/${ids[i]}/publish`, {}).then(
        () => published.push(ids[i]),
        (error) => {
          if (refused++ === 0) console.error(error.message);
        },
      ),
    ).then((seconds) => ({ seconds, refused, published }));
  };
  const settled = async (ids) => {
    const [row] = await sql`
      select count(*)::int as all, count(*) filter (where state in ('pending', 'delivering'))::int as open
      from deliveries where post_id in ${sql(ids)}`;
    return row.all === ids.length * 3 && row.open === 0;
  };

  // Warm-up: the paths compiled, the pools and the fakes' sockets open.
  const warm = await drafts(WARM_UP, 'Warm-up');
  const warmed = await publish(warm);
  await waitFor(() => settled(warmed.published));
  const ids = await drafts(PUBLISHES, 'Bench post');

  // The baseline's posts: what the delivery job sends (outgoingPost), without a cover; ids and slugs of their own.
  const io = destinationIo({ DELIVERY_TIMEOUT_MS: 30_000, FETCH_ALLOW_LOOPBACK: true });
  const adapters = Object.keys(settings).map((kind) => ({ kind, adapter: adapterOf(kind), settings: settings[kind] }));
  const html = (await api('GET', `/api/blogs/posts/post/${ids[0]}`)).html;
  const outgoing = (i) => {
    const now = new Date().toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Direct post ${i + 1}`,
      slug: `direct-post-${i + 1}`,
      html,
      markdown: MARKDOWN,
      excerpt: '',
      meta_title: '',
      meta_description: '',
      tags: [],
      keywords: [],
      lang: 'en',
      published_at: now,
      updated_at: now,
      cover: null,
      canonical_url: null,
      blog_url: `http://bench.example/direct-post-${i + 1}`,
    };
  };
  const direct = async (count, from) => {
    const latencies = [];
    const start = performance.now();
    let failed = 0;
    await offerAt(count * 3, RATE * 3, CONCURRENCY, async (call) => {
      const i = Math.floor(call / 3);
      const { adapter, settings: values } = adapters[call % 3];
      const due = start + (i * 1000) / RATE;
      const delivery = { id: `direct-${from + call}`, event: 'published', at: new Date().toISOString() };
      try {
        await adapter.publish({ settings: values, post: outgoing(from + i), io, delivery });
      } catch (error) {
        if (failed++ === 0) console.error(`direct call: ${error.message}`);
      }
      latencies.push(performance.now() - due);
    });
    return { seconds: (performance.now() - start) / 1000, latencies, failed };
  };
  await direct(WARM_UP, 0);

  console.log(`waited ${(await waitForQuietMachine()).toFixed(0)} s for a quiet machine`);
  console.log(`load before the runs: ${uptime()}`);

  // Baseline: the same calls, made directly.
  const base = await direct(PUBLISHES, WARM_UP);
  const baseRate = (PUBLISHES * 3 - base.failed) / base.seconds;
  console.log(
    `\ndirect: ${PUBLISHES * 3} calls (${PUBLISHES} × webhook, Ghost, Shopify) offered at ${RATE * 3}/s, at most ${CONCURRENCY} at once: ${baseRate.toFixed(0)} calls/s, ${base.failed} failed; offered → answered p50 ${ms(percentile(base.latencies, 50))}, p99 ${ms(percentile(base.latencies, 99))}`,
  );

  // The product: the same number of posts published through the route, delivered by the delivery job.
  const sent = await publish(ids);
  await waitFor(() => settled(sent.published), 600_000);
  const rows = await sql`
    select d.state, dest.kind, extract(epoch from p.published_at) * 1000 as published,
      extract(epoch from d.created_at) * 1000 as queued, extract(epoch from d.delivered_at) * 1000 as delivered
    from deliveries d join blog_posts p on p.id = d.post_id join destinations dest on dest.id = d.destination_id
    where d.post_id in ${sql(sent.published)}`;
  const delivered = rows.filter((row) => row.state === 'delivered');
  const first = Math.min(...rows.map((row) => Number(row.published)));
  const last = Math.max(...delivered.map((row) => Number(row.delivered)));
  const rate = delivered.length / ((last - first) / 1000);
  const latencies = delivered.map((row) => Number(row.delivered) - Number(row.published));
  const outbox = rows.map((row) => Number(row.queued) - Number(row.published));
  const job = delivered.map((row) => Number(row.delivered) - Number(row.queued));
  console.log(
    `publish: ${PUBLISHES} publishes offered at ${RATE}/s, sent in ${sent.seconds.toFixed(2)} s, ${sent.refused} refused; ${delivered.length} of ${rows.length} deliveries delivered (${rows.length - delivered.length} other)`,
  );
  console.log(
    `publish: ${rate.toFixed(0)} deliveries/s first publish to last delivery; publish → delivered p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}; publish → delivery row (outbox) p50 ${ms(percentile(outbox, 50))}, p99 ${ms(percentile(outbox, 99))}; delivery row → delivered (delivery job) p50 ${ms(percentile(job, 50))}, p99 ${ms(percentile(job, 99))}`,
  );
  for (const kind of Object.keys(settings)) {
    const mine = delivered
      .filter((row) => row.kind === kind)
      .map((row) => Number(row.delivered) - Number(row.published));
    console.log(
      `publish: ${kind} publish → delivered p50 ${ms(percentile(mine, 50))}, p99 ${ms(percentile(mine, 99))}`,
    );
  }
  const ratio = rate / baseRate;
  const p99 = percentile(latencies, 99);
  console.log(`load after the runs: ${uptime()}`);
  console.log(
    `\ndeliveries/s / direct calls/s: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `p99 publish → delivered ${ms(p99)} (target <= ${TARGET_P99_MS} ms): ${p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ratio >= TARGET_RATIO && p99 <= TARGET_P99_MS && delivered.length === PUBLISHES * 3 ? 0 : 1;
} finally {
  await sql.end({ timeout: 5 });
  await server.stop();
  await fakes.stop();
}

function ms(value) {
  return `${value.toFixed(0)} ms`;
}

function uptime() {
  const [one, five, fifteen] = loadavg();
  return `load average ${one.toFixed(2)}, ${five.toFixed(2)}, ${fifteen.toFixed(2)}`;
}

async function waitFor(check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}
