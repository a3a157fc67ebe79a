// The provider against servers that behave as real ones do (tests/fixtures/fake-ai BEHAVIOURS): reasoning in the
// answer or beside it, prose and fences around JSON, no JSON mode, no structured outputs, answers cut at the length
// limit, no usage. Each test has a server of its own (its own address), so what one server was found to support is
// never another's.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandGuideSchema } from '../../api/providers/ai/brand-guide.ts';
import { CONTINUE_PROMPT } from '../../api/providers/ai/continuation.ts';
import { AiError, createAi, DRAFT_LABEL } from '../../api/providers/ai/index.ts';
import { BEHAVIOURS, FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { testConfig, testDatabaseUrl, testSql } from './helpers.ts';

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

const env = (server: Fake) => ({
  AI_BASE_URL: server.baseUrl,
  AI_API_KEY: FAKE_AI_KEY,
  AI_MODEL: FAKE_AI_MODEL,
  AI_MAX_RETRIES: '0',
});
const provider = (server: Fake) => createAi(testConfig(env(server)), testSql());

const guideRequest = (taskId = randomUUID()) => ({
  schema: brandGuideSchema,
  messages: [{ role: 'user' as const, content: 'Write the guide.' }],
  usage: { projectId: null, taskId, purpose: 'brand_guide' },
  draft: () => ({ ...FAKE_GUIDE, brand_voice: 'offline' }),
});

const writeRequest = (taskId = randomUUID(), maxTokens?: number) => ({
  messages: [{ role: 'user' as const, content: 'Section: Harbour walks\nWrite this section in markdown.' }],
  usage: { projectId: null, taskId, purpose: 'section' },
  ...(maxTokens ? { maxTokens } : {}),
});

/** Every text the provider returned or stored must be free of what servers wrap answers in. */
function expectNoWrapping(text: string) {
  expect(text).not.toMatch(/<\/?(think|thinking|reasoning)>/i);
  expect(text).not.toContain('```');
  expect(text).not.toContain('Sure! Here is');
  expect(text).not.toContain('Okay, the user wants');
}

const usageRows = (taskId: string) =>
  testSql()<{ prompt_tokens: number; completion_tokens: number; total_tokens: number; tokens_estimated: boolean }[]>`
    select prompt_tokens, completion_tokens, total_tokens, tokens_estimated from ai_usage where task_id = ${taskId} order by id`;

const storedMode = async (server: Fake) =>
  (
    await testSql()`select json_mode from ai_provider_modes where base_url = ${server.baseUrl} and model = ${FAKE_AI_MODEL}`
  )[0]?.json_mode;

describe('answers wrapped in reasoning', () => {
  for (const name of [
    'think blocks (DeepSeek-R1)',
    'interleaved think blocks (Qwen3)',
    'closing think tag only (template opened it)',
    'reasoning_content field',
  ]) {
    it(`${name}: generate returns the object and write the text, without the reasoning`, async () => {
      const server = await fake(BEHAVIOURS[name]);

      const generated = await provider(server).generate(guideRequest());
      const written = await provider(server).write(writeRequest());

      expect(generated.value).toEqual(FAKE_GUIDE);
      expect(server.calls).toHaveLength(2); // no repair was needed
      expect(written.text).toMatch(/^## About Harbour walks\n\nParagraph 1 about Harbour walks\./);
      expect(written.text).toContain('Paragraph 4 about Harbour walks.');
      expectNoWrapping(written.text);
      expectNoWrapping(JSON.stringify(generated.value));
    });
  }
});

describe('JSON around prose and fences, JSON modes refused', () => {
  it('reads the object out of prose and a fence when the server ignores response_format', async () => {
    const server = await fake(BEHAVIOURS['prose around fenced JSON, response_format ignored']);

    const generated = await provider(server).generate(guideRequest());
    const written = await provider(server).write(writeRequest());

    expect(generated.value).toEqual(FAKE_GUIDE);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0].response_format.type).toBe('json_schema');
    expect(written.text.startsWith('## About Harbour walks')).toBe(true);
    expectNoWrapping(written.text);
  });

  it('falls back from json_schema to json_object when only structured outputs are refused, and remembers it', async () => {
    const server = await fake(BEHAVIOURS['json_object only (400 on json_schema)']);

    const first = await provider(server).generate(guideRequest());
    const second = await provider(server).generate(guideRequest());

    expect(first.value).toEqual(FAKE_GUIDE);
    expect(second.value).toEqual(FAKE_GUIDE);
    expect(server.calls.map((body: any) => body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
    expect(await storedMode(server)).toBe('json_object');
  });

  it('falls back to the instruction alone when every response_format is refused, and a restarted process starts there', async () => {
    const server = await fake(BEHAVIOURS['no JSON mode (400 on response_format)']);

    const first = await provider(server).generate(guideRequest());

    expect(first.value).toEqual(FAKE_GUIDE);
    expect(server.calls.map((body: any) => body.response_format?.type ?? 'none')).toEqual([
      'json_schema',
      'json_object',
      'none',
    ]);
    expect(await storedMode(server)).toBe('instructions');
    // A fresh process (as after a restart) reads the table and asks without response_format at once.
    const { stdout } = await promisify(execFile)(process.execPath, ['tests/fixtures/ai-once.ts'], {
      env: { ...process.env, ...env(server), DATABASE_URL: testDatabaseUrl(), NODE_ENV: 'test' },
    });
    expect(JSON.parse(stdout).value).toEqual({ greeting: 'Fake greeting from the fake AI.' });
    expect(server.calls).toHaveLength(4);
    expect(server.calls[3].response_format).toBeUndefined();
  });

  it("reports the server's own words when it refuses the request in every mode, and remembers nothing", async () => {
    const server = await fake();
    const refused = { status: 400 };
    server.script(refused, refused, refused);

    const failure = await provider(server)
      .generate(guideRequest())
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AiError);
    expect((failure as AiError).reason).toBe('rejected');
    expect((failure as AiError).message).toBe('The AI server refused the request: 400 scripted 400');
    expect(server.calls).toHaveLength(3);
    expect(await storedMode(server)).toBeUndefined();
  });
});

describe('answers cut at the length limit', () => {
  it('continues a JSON answer cut at 200 tokens and parses the joined parts; continuations carry no response_format', async () => {
    const server = await fake(BEHAVIOURS['truncation at 200 tokens']);
    const taskId = randomUUID();
    const request = {
      ...guideRequest(taskId),
      messages: [{ role: 'user' as const, content: 'Write the guide.' }],
    };
    const long = { ...FAKE_GUIDE, base_knowledge: 'A long fact about the harbour. '.repeat(60).trim() };
    server.script({ content: JSON.stringify(long) });

    const generated = await provider(server).generate(request);

    expect(generated.value).toEqual(long);
    const parts = Math.ceil(JSON.stringify(long).length / 800);
    expect(server.calls).toHaveLength(parts);
    expect(server.calls[0].response_format.type).toBe('json_schema');
    for (const body of server.calls.slice(1)) {
      expect(body.response_format).toBeUndefined();
      expect(body.messages.at(-1)).toEqual({ role: 'user', content: CONTINUE_PROMPT });
    }
    expect(await usageRows(taskId)).toHaveLength(parts);
  });

  it('write continues markdown across cuts at its maxTokens, joins the parts and sums their usage', async () => {
    const server = await fake();
    const taskId = randomUUID();

    const written = await provider(server).write(writeRequest(taskId, 40));

    const whole = await provider(server).write(writeRequest());
    expect(written.text).toBe(whole.text);
    expect(written.parts).toBe(Math.ceil(whole.text.length / 160));
    expect(written.parts).toBeGreaterThan(2);
    expect(written.finishReason).toBe('stop');
    expect(written.usage).toEqual({
      prompt_tokens: 100 * written.parts,
      completion_tokens: 50 * written.parts,
      total_tokens: 150 * written.parts,
    });
    expect(server.calls.slice(0, written.parts).every((body: any) => body.max_tokens === 40)).toBe(true);
    expect(await usageRows(taskId)).toHaveLength(written.parts);
  });

  it('gives back a text still cut after the most continuations with finish reason "length"', async () => {
    const server = await fake({ outputLimit: 2 });

    const written = await provider(server).write(writeRequest());

    const whole = await provider(await fake()).write(writeRequest());
    expect(written.finishReason).toBe('length');
    expect(written.parts).toBe(12);
    expect(written.text).toBe(whole.text.slice(0, 12 * 8).trim());
  });
});

describe('servers that report no usage', () => {
  it('records estimated tokens for every request and answers usage null, never failing', async () => {
    const server = await fake(BEHAVIOURS['no usage']);
    const taskId = randomUUID();

    const generated = await provider(server).generate(guideRequest(taskId));
    const written = await provider(server).write(writeRequest(taskId));

    expect(generated.value).toEqual(FAKE_GUIDE);
    expect(written.usage).toBeNull();
    const rows = await usageRows(taskId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.tokens_estimated).toBe(true);
      expect(row.completion_tokens).toBeGreaterThan(10);
      expect(row.total_tokens).toBe(row.prompt_tokens + row.completion_tokens);
    }
  });
});

describe('write offline', () => {
  it('answers with the draft, labelled, or says no model is configured', async () => {
    const offline = createAi(testConfig(), testSql());

    const written = await offline.write({ ...writeRequest(), draft: () => 'Offline text.' });
    const failure = await offline.write(writeRequest()).catch((error: unknown) => error);

    expect(written).toEqual({
      text: 'Offline text.',
      finishReason: 'stop',
      parts: 1,
      usage: null,
      model: null,
      draft_label: DRAFT_LABEL,
    });
    expect((failure as AiError).reason).toBe('not_configured');
  });

  it('generate offline never needs a server', async () => {
    const offline = createAi(testConfig(), testSql());

    const generated = await offline.generate({
      schema: z.object({ a: z.string() }),
      messages: [],
      usage: { projectId: null, purpose: 'x' },
      draft: () => ({ a: 'draft' }),
    });

    expect(generated).toEqual({ value: { a: 'draft' }, draft_label: DRAFT_LABEL, model: null });
  });
});
