import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeBrandGuide } from '../../api/providers/ai/brand-guide.ts';
import { AiError, createAi, DRAFT_LABEL } from '../../api/providers/ai/index.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { testConfig, testSql } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
beforeAll(async () => {
  ai = await startFakeAi();
});
afterAll(async () => ai.stop());
beforeEach(() => {
  ai.calls.length = 0;
  ai.script();
});

const provider = (env: Record<string, string> = {}) =>
  createAi(
    testConfig({
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_MAX_RETRIES: '2',
      ...env,
    }),
    testSql(),
  );

const schema = z.object({ brand_voice: z.string().min(1), keywords: z.array(z.string()).max(10) });
const request = (taskId = randomUUID()) => ({
  schema,
  messages: [{ role: 'user' as const, content: 'Write it.' }],
  usage: { projectId: null, taskId, purpose: 'test' },
  draft: () => ({ brand_voice: 'offline', keywords: [] }),
});

async function usageRows(taskId: string) {
  return testSql()`select model, prompt_tokens, completion_tokens, total_tokens, purpose from ai_usage where task_id = ${taskId} order by id`;
}

describe('OpenAI-compatible provider against the fake server', () => {
  it('retries a 429 that carries Retry-After and then succeeds', async () => {
    ai.script({ status: 429, headers: { 'retry-after': '1' } });
    const taskId = randomUUID();

    const result = await provider().generate(request(taskId));

    expect(result).toEqual({
      value: { brand_voice: FAKE_GUIDE.brand_voice, keywords: FAKE_GUIDE.keywords },
      draft_label: null,
      model: FAKE_AI_MODEL,
    });
    expect(ai.calls).toHaveLength(2);
    expect(await usageRows(taskId)).toHaveLength(1);
  });

  it('repairs an invalid JSON answer with one more request that shows the model its answer', async () => {
    ai.script({ content: 'Sure! Here is the guide: {"brand_voice": ' });
    const taskId = randomUUID();

    const result = await provider().generate(request(taskId));

    expect(result.value.brand_voice).toBe(FAKE_GUIDE.brand_voice);
    expect(ai.calls).toHaveLength(2);
    const repair = ai.calls[1].messages;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here is the guide: {"brand_voice":' });
    expect(repair.at(-1).content).toMatch(/not valid: it is not JSON/);
    expect(await usageRows(taskId)).toHaveLength(2);
  });

  it('gives up after one repair when the answer still does not match the schema', async () => {
    ai.script({ content: '{"brand_voice": ""}' }, { content: '{"keywords": 3}' });

    const failure = await provider()
      .generate(request())
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AiError);
    expect((failure as AiError).reason).toBe('invalid_output');
    expect(ai.calls).toHaveLength(2);
  });

  it('fails with a timeout when the server does not answer in time', async () => {
    ai.script({ hang: true });

    const failure = await provider({ AI_TIMEOUT_MS: '300', AI_MAX_RETRIES: '0' })
      .generate(request())
      .catch((error: unknown) => error);
    ai.releaseHanging();

    expect((failure as AiError).reason).toBe('timeout');
  });

  it('reports an upstream failure after its retries of 5xx answers', async () => {
    ai.script({ status: 500 }, { status: 503 }, { status: 500 });

    const failure = await provider({ AI_MAX_RETRIES: '2' })
      .generate(request())
      .catch((error: unknown) => error);

    expect((failure as AiError).reason).toBe('upstream');
    expect(ai.calls).toHaveLength(3);
  });

  it('records the token usage the server reports, per project and per task', async () => {
    const [project] = await testSql()`insert into projects (name) values ('Usage') returning id`;
    const taskId = randomUUID();
    ai.script({ usage: { prompt_tokens: 1234, completion_tokens: 56, total_tokens: 1290 } });

    await provider().generate({
      ...request(taskId),
      usage: { projectId: project!.id, taskId, purpose: 'brand_guide' },
    });

    const rows =
      await testSql()`select project_id, task_id, purpose, model, prompt_tokens, completion_tokens, total_tokens from ai_usage where task_id = ${taskId}`;
    expect(rows).toEqual([
      {
        project_id: project!.id,
        task_id: taskId,
        purpose: 'brand_guide',
        model: FAKE_AI_MODEL,
        prompt_tokens: 1234,
        completion_tokens: 56,
        total_tokens: 1290,
      },
    ]);
  });
});

describe('offline composer (no AI configured)', () => {
  it('answers with the deterministic draft, labelled, and calls no server', async () => {
    const offline = createAi(testConfig(), testSql());
    const source = {
      pages: [
        {
          title: 'Acme Tools — hand tools',
          description: 'Hand tools for woodworkers.',
          headings: ['Chisels that stay sharp'],
          text: 'We forge chisels that stay sharp. Our hand planes are made in Sheffield. You will love our chisels and hand planes.',
        },
      ],
      user_keywords: ['woodworking'],
    };

    const first = await writeBrandGuide(offline, source, { projectId: null, purpose: 'test' });
    const second = await writeBrandGuide(offline, source, { projectId: null, purpose: 'test' });

    expect(first.draft_label).toBe(DRAFT_LABEL);
    expect(first).toEqual(second);
    expect(first.value.keywords[0]).toBe('woodworking');
    expect(first.value.keywords).toContain('chisels');
    expect(first.value.brand_voice).toContain('We forge chisels that stay sharp.');
    expect(ai.calls).toHaveLength(0);
  });
});
