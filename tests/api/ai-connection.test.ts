// "Test AI connection" (admins): the model, the JSON support the server takes (found by asking, best first, and
// remembered), latency and a short sample; the server's own error text when it fails; with no AI configured, what
// writes instead and how to connect a model. The key is never returned.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BEHAVIOURS, FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

const ADMIN = `ai-admin-${randomUUID().slice(0, 8)}@example.com`;
type Fake = Awaited<ReturnType<typeof startFakeAi>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.stop()));
});

async function fake(behaviour: Parameters<typeof startFakeAi>[1] = {}) {
  const server = await startFakeAi(0, behaviour);
  started.push(server);
  return server;
}

const aiEnv = (server: Fake, key = FAKE_AI_KEY) => ({
  AI_BASE_URL: server.baseUrl,
  AI_API_KEY: key,
  AI_MODEL: FAKE_AI_MODEL,
  AI_MAX_RETRIES: '0',
});

async function asAdmin(env: Record<string, string>) {
  const app = testApp({ ADMIN_EMAILS: ADMIN, ...env });
  const { token } = await signInUser({ email: ADMIN });
  return {
    settings: () => call(app, 'GET', '/api/admin/ai', { token }),
    test: () => call(app, 'POST', '/api/admin/ai/test', { token }),
  };
}

describe('the AI connection as admins see it', () => {
  it('with no AI configured, says the offline composer is in use and how to connect a model', async () => {
    const admin = await asAdmin({});

    const settings = await admin.settings();
    const tested = await admin.test();

    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ configured: false, model: null, json_mode: null, api_key_set: false });
    expect(settings.body.message).toMatch(/offline composer is in use.*set AI_BASE_URL and AI_MODEL/s);
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ configured: false, ok: false, model: null, message: settings.body.message });
    expect(driftFrom('get', '/api/admin/ai', 200, settings.body)).toBeUndefined();
    expect(driftFrom('post', '/api/admin/ai/test', 200, tested.body)).toBeUndefined();
  });

  it('reports the model, structured outputs, latency and the sample, and remembers the mode; never the key', async () => {
    const server = await fake();
    const admin = await asAdmin(aiEnv(server));

    const before = await admin.settings();
    const tested = await admin.test();
    const after = await admin.settings();

    expect(before.body).toMatchObject({ configured: true, model: FAKE_AI_MODEL, api_key_set: true, json_mode: null });
    expect(before.body.base_url).toBe(server.baseUrl);
    expect(tested.body).toMatchObject({
      configured: true,
      ok: true,
      model: FAKE_AI_MODEL,
      json_mode: 'json_schema',
      sample: 'Fake greeting from the fake AI.',
    });
    expect(tested.body.latency_ms).toBeGreaterThanOrEqual(0);
    expect(after.body.json_mode).toBe('json_schema');
    expect(JSON.stringify([before.body, tested.body, after.body])).not.toContain(FAKE_AI_KEY);
    expect(driftFrom('post', '/api/admin/ai/test', 200, tested.body)).toBeUndefined();
    expect(server.calls[0].response_format.json_schema.name).toBe('connection_test');
  });

  it('finds the best mode a server takes, also when a worse one was remembered, and strips reasoning from the sample', async () => {
    const server = await fake({ ...BEHAVIOURS['json_object only (400 on json_schema)'], think: 'leading' });
    await testSql()`
      insert into ai_provider_modes (base_url, model, json_mode) values (${server.baseUrl}, ${FAKE_AI_MODEL}, 'instructions')`;
    const admin = await asAdmin(aiEnv(server));

    const tested = await admin.test();

    expect(tested.body).toMatchObject({
      ok: true,
      json_mode: 'json_object',
      sample: 'Fake greeting from the fake AI.',
    });
    expect((await admin.settings()).body.json_mode).toBe('json_object');
    expect(server.calls.map((body: any) => body.response_format?.type)).toEqual(['json_schema', 'json_object']);
  });

  it('finds a server that takes no response_format at all', async () => {
    const server = await fake(BEHAVIOURS['no JSON mode (400 on response_format)']);
    const admin = await asAdmin(aiEnv(server));

    const tested = await admin.test();

    expect(tested.body).toMatchObject({ ok: true, json_mode: 'instructions' });
  });

  it("gives the server's own error text when it refuses, and says so when it cannot be reached", async () => {
    const server = await fake();
    const wrongKey = await asAdmin(aiEnv(server, 'wrong-key'));
    const gone = await asAdmin({ ...aiEnv(server), AI_BASE_URL: 'http://127.0.0.1:9/v1' });

    const refused = await wrongKey.test();
    const unreachable = await gone.test();

    expect(refused.body).toEqual({
      configured: true,
      ok: false,
      model: FAKE_AI_MODEL,
      message: null,
      error: 'The AI server failed: 401 Invalid API key',
    });
    expect(unreachable.body.ok).toBe(false);
    expect(unreachable.body.error).toMatch(/^The AI server (could not be reached|failed): Connection error/);
    expect(driftFrom('post', '/api/admin/ai/test', 200, refused.body)).toBeUndefined();
  });
});
