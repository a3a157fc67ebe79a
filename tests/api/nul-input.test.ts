// Issue 22: a NUL character (\u0000) in any text the API takes is refused with a 422 naming the field (Postgres text
// cannot hold it; before, most routes answered 500). The routes and their fields come from /api/openapi.json, so a
// route added later is covered without touching this file.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signInUser, testApp, testSql, type TestUser } from './helpers.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  [key: string]: unknown;
};
type Operation = {
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};

const NUL = 'a\u0000b';
const app = testApp();
let owner: TestUser;
const ids: Record<string, string> = {};
let operations: { method: string; path: string; op: Operation }[] = [];

/** Every place a schema holds a string, as a path of keys (numbers for list items) and the value that puts NUL there. */
function stringSlots(schema: JsonSchema | undefined, path: (string | number)[] = []): (string | number)[][] {
  if (!schema) return [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const slots: (string | number)[][] = [];
  if (types.includes('string')) slots.push(path);
  if (types.includes('array')) slots.push(...stringSlots(schema.items, [...path, 0]));
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    slots.push(...stringSlots(property, [...path, name]));
  if (typeof schema.additionalProperties === 'object')
    slots.push(...stringSlots(schema.additionalProperties, [...path, 'key']));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) slots.push(...stringSlots(option, path));
  // A free-form value (a node's config): text may sit anywhere in it.
  if (!schema.type && !schema.anyOf && !schema.oneOf && !schema.properties && path.length) slots.push(path);
  return slots;
}

/** A JSON value with NUL at `path` and nothing else. */
function withNulAt(path: (string | number)[]): unknown {
  if (path.length === 0) return NUL;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [withNulAt(rest)] : { [head!]: withNulAt(rest) };
}

/** The path with its parameters filled: the caller's own resources where the name says which, a fresh uuid else. */
function filled(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'projectId') return ids.project!;
    if (name === 'id' && path.startsWith('/api/projects/')) return ids.project!;
    if (name === 'id' && path.startsWith('/api/blogs/posts/post/')) return ids.post!;
    if (name === 'id' && path.startsWith('/api/workflows/')) return ids.workflow!;
    return randomUUID();
  });
}

const label = (path: (string | number)[]) => path.join('.') || '(the body itself)';

beforeAll(async () => {
  owner = await signInUser();
  await call(app, 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, 'scale' from users where external_id = ${owner.uid}
    on conflict (account_id) do update set plan_override = 'scale'`;
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Nul checks' } });
  ids.project = project.body.id;
  const post = await call(app, 'POST', `/api/blogs/posts/project/${ids.project}`, {
    token: owner.token,
    body: { title: 'A post' },
  });
  ids.post = post.body.id;
  const workflows = await call(app, 'GET', `/api/workflows/project/${ids.project}`, { token: owner.token });
  ids.workflow = workflows.body.items?.[0]?.id ?? workflows.body[0]?.id ?? randomUUID();
  const document = await call(app, 'GET', '/api/openapi.json');
  operations = Object.entries(document.body.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
});

describe('a NUL character in any text field', () => {
  it('is refused with 422 naming the field in every JSON body the API documents', async () => {
    const cases = operations.flatMap(({ method, path, op }) => {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema || path === '/api/billing/stripe/webhook') return []; // Stripe's signed bytes: refused unsigned first
      return stringSlots(schema).map((slot) => ({ method, path, slot }));
    });
    expect(cases.length).toBeGreaterThan(40); // the document really was read

    const wrong: string[] = [];
    for (const { method, path, slot } of cases) {
      const answer = await call(app, method.toUpperCase(), filled(path), { token: owner.token, body: withNulAt(slot) });
      const named = Array.isArray(answer.body?.detail)
        ? answer.body.detail.some(
            (issue: { loc: unknown[]; msg: string }) =>
              JSON.stringify(issue.loc) === JSON.stringify(['body', ...slot]) && /NUL/.test(issue.msg),
          )
        : false;
      if (answer.status !== 422 || !named)
        wrong.push(`${method.toUpperCase()} ${path} ${label(slot)}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }

    expect(wrong).toEqual([]);
  });

  it('is refused with 422 naming the parameter in every query string the API documents', async () => {
    const cases = operations.flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ method, path, name: parameter.name })),
    );
    expect(cases.map((each) => each.name)).toContain('q');

    const wrong: string[] = [];
    for (const { method, path, name } of cases) {
      const answer = await call(app, method.toUpperCase(), `${filled(path)}?${name}=${encodeURIComponent(NUL)}`, {
        token: owner.token,
      });
      const named =
        Array.isArray(answer.body?.detail) &&
        answer.body.detail.some(
          (issue: { loc: unknown[] }) => JSON.stringify(issue.loc) === JSON.stringify(['query', name]),
        );
      if (answer.status !== 422 || !named) wrong.push(`${method.toUpperCase()} ${path} ?${name}: ${answer.status}`);
    }

    expect(wrong).toEqual([]);
  });

  it('in a path parameter answers 404, never 500, on every documented path', async () => {
    const cases = operations.filter(({ path }) => path.includes('{'));

    const wrong: string[] = [];
    for (const { method, path } of cases) {
      const answer = await call(app, method.toUpperCase(), path.replace(/\{\w+\}/g, encodeURIComponent(NUL)), {
        token: owner.token,
        ...(method === 'get' || method === 'delete' ? {} : { body: {} }),
      });
      if (answer.status !== 404) wrong.push(`${method.toUpperCase()} ${path}: ${answer.status}`);
    }

    expect(wrong).toEqual([]);
  });

  it('is refused with 422 naming the field in the multipart form of a style guide, and nothing is stored', async () => {
    const form = new FormData();
    form.set('project_id', ids.project!);
    form.set('brand_context_text', `We bake ${NUL} bread.`);

    const answer = await app.request('/api/prompts/generate-and-save-guide', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    const body = (await answer.json()) as { detail: { loc: unknown[]; msg: string }[] };
    const [stored] = await testSql()`select count(*)::int as count from prompts where project_id = ${ids.project!}`;

    expect(answer.status).toBe(422);
    expect(body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'brand_context_text'] }));
    expect(stored!.count).toBe(0);
  });

  it('says what to change, and a request without NUL still works', async () => {
    const refused = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: `Bad${NUL}` } });
    const fine = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Good name' } });
    const [stored] = await testSql()`
      select count(*)::int as count from projects where name like 'Bad%' and created_by = (select id from users where external_id = ${owner.uid})`;

    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      {
        loc: ['body', 'name'],
        msg: 'This text contains a NUL character (\\u0000), which cannot be stored. Remove it and send again.',
        type: 'string_nul',
      },
    ]);
    expect(fine.status).toBe(201);
    expect(stored!.count).toBe(0);
  });
});
