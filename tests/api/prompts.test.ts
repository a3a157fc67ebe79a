import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { call, signInUser, testApp, testSql } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
beforeAll(async () => {
  ai = await startFakeAi();
});
afterAll(async () => ai.stop());

type App = ReturnType<typeof testApp>;

async function ownerWithProject(app: App) {
  const user = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Guides' } });
  return { token: user.token, projectId: project.body.id as string };
}

/** The multipart form the workspace sends (spec §7). */
async function generate(app: App, token: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ use_brand_context: 'false', ...fields })) form.set(key, value);
  const response = await app.request('/api/prompts/generate-and-save-guide', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('POST /api/prompts/generate-and-save-guide', () => {
  it('writes an offline draft from context and keywords, saves it and makes it the default when there is none', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    const first = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'We repair vintage bicycles in Leeds. Our mechanics restore steel frames and wheels.',
      user_keywords_json: JSON.stringify([' bike repair ', 'Bike Repair', '', 'vintage bicycles']),
    });
    const second = await generate(app, token, {
      project_id: projectId,
      brand_context_text: '',
      user_keywords_json: '["steel frames"]',
    });
    const byDefault = await call(app, 'GET', `/api/prompts/project/${projectId}`, { token });
    const all = await call(app, 'GET', `/api/prompts/project/${projectId}/all`, { token });

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ draft_label: 'draft — no AI configured' });
    expect(first.body.keywords.slice(0, 2)).toEqual(['bike repair', 'vintage bicycles']);
    expect(Object.keys(first.body).sort()).toEqual([
      'base_knowledge',
      'brand_voice',
      'draft_label',
      'id',
      'image_style',
      'keywords',
      'writing_style_guide',
    ]);
    expect(byDefault.body).toMatchObject({ id: first.body.id, is_default: true });
    expect(all.body.items.map((item: { id: string }) => item.id)).toEqual([second.body.id, first.body.id]);
    expect(all.body.items[0].is_default).toBe(false);
  });

  it('uses the configured AI: no draft label, and the tokens are recorded for the project', async () => {
    const app = testApp({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: FAKE_AI_KEY, AI_MODEL: FAKE_AI_MODEL });
    const { token, projectId } = await ownerWithProject(app);

    const made = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'We bake bread.',
      user_keywords_json: '["rye"]',
    });

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      draft_label: null,
      brand_voice: FAKE_GUIDE.brand_voice,
      keywords: ['rye', ...FAKE_GUIDE.keywords],
    });
    const usage = await testSql()`select purpose, total_tokens from ai_usage where project_id = ${projectId}`;
    expect(usage).toEqual([{ purpose: 'manual_guide', total_tokens: 150 }]);
  });

  it('refuses more than 10 keywords and a request with neither context nor keywords, storing nothing', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const eleven = JSON.stringify(Array.from({ length: 11 }, (_, index) => `keyword ${index}`));

    const tooMany = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'Text',
      user_keywords_json: eleven,
    });
    const empty = await generate(app, token, {
      project_id: projectId,
      brand_context_text: '   ',
      user_keywords_json: '[" ", ""]',
    });

    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toEqual([
      { loc: ['body', 'user_keywords_json'], msg: 'You can add a maximum of 10 keywords.', type: expect.any(String) },
    ]);
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toEqual([
      {
        loc: ['body', 'brand_context_text'],
        msg: 'Please provide either brand context or some keywords.',
        type: 'custom',
      },
    ]);
    const [count] = await testSql()`select count(*)::int as n from prompts where project_id = ${projectId}`;
    expect(count!.n).toBe(0);
  });
});

describe('reading, editing and deleting style guides', () => {
  it('answers 404 "No style guide found for this project." when the project has none', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    const answer = await call(app, 'GET', `/api/prompts/project/${projectId}`, { token });

    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('No style guide found for this project.');
  });

  it('edits every field, cleans keywords, keeps the draft label and refuses an 11th keyword', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const made = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'We sell tea.',
      user_keywords_json: '["tea"]',
    });

    const edited = await call(app, 'PATCH', `/api/prompts/${made.body.id}`, {
      token,
      body: {
        name: 'Tea guide',
        brand_voice: 'Calm.',
        keywords: [' green tea ', 'Green Tea', '', 'oolong'],
        base_knowledge: 'B',
        writing_style_guide: 'W',
        image_style: 'I',
      },
    });
    const tooMany = await call(app, 'PATCH', `/api/prompts/${made.body.id}`, {
      token,
      body: { keywords: Array.from({ length: 11 }, (_, index) => `k${index}`) },
    });
    const after = await call(app, 'GET', `/api/prompts/${made.body.id}`, { token });

    expect(edited.body).toMatchObject({
      name: 'Tea guide',
      brand_voice: 'Calm.',
      keywords: ['green tea', 'oolong'],
      base_knowledge: 'B',
      writing_style_guide: 'W',
      image_style: 'I',
      draft_label: 'draft — no AI configured',
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toEqual([
      { loc: ['body', 'keywords'], msg: 'You can add a maximum of 10 keywords.', type: expect.any(String) },
    ]);
    expect(after.body.keywords).toEqual(['green tea', 'oolong']);
  });

  it("sets the default through PATCH /projects/{id}, refuses another project's guide, and deletes only a non-default guide", async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const other = await ownerWithProject(app);
    const first = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'One.',
      user_keywords_json: '[]',
    });
    const second = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'Two.',
      user_keywords_json: '[]',
    });
    const foreign = await generate(app, other.token, {
      project_id: other.projectId,
      brand_context_text: 'Three.',
      user_keywords_json: '[]',
    });

    const switched = await call(app, 'PATCH', `/api/projects/${projectId}`, {
      token,
      body: { default_prompt_id: second.body.id },
    });
    const refused = await call(app, 'PATCH', `/api/projects/${projectId}`, {
      token,
      body: { default_prompt_id: foreign.body.id },
    });
    const deleteDefault = await call(app, 'DELETE', `/api/prompts/${second.body.id}`, { token });
    const deleteOther = await call(app, 'DELETE', `/api/prompts/${first.body.id}`, { token });
    const gone = await call(app, 'GET', `/api/prompts/${first.body.id}`, { token });

    expect(switched.body.default_prompt_id).toBe(second.body.id);
    expect(refused.status).toBe(422);
    expect(deleteDefault.status).toBe(409);
    expect(deleteOther.status).toBe(204);
    expect(gone.status).toBe(404);
  });
});

describe('when the AI server fails', () => {
  it('answers 502 with a clear message and stores nothing', async () => {
    const app = testApp({
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_MAX_RETRIES: '0',
    });
    const { token, projectId } = await ownerWithProject(app);
    ai.script({ status: 500 });

    const made = await generate(app, token, {
      project_id: projectId,
      brand_context_text: 'We bake bread.',
      user_keywords_json: '[]',
    });

    expect(made.status).toBe(502);
    expect(made.body.detail).toBe('The AI service could not write the style guide. Please try again.');
    const [count] = await testSql()`select count(*)::int as n from prompts where project_id = ${projectId}`;
    expect(count!.n).toBe(0);
  });
});
