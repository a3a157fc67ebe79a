// Issue 23: every /api route is declared once (api/routes/index.ts) and the app follows the declaration: sign-in
// from `public`, a path parameter its schema refuses answering 404 with the schema's message (before any body is
// read), 422 for the rest of the input in the spec's { loc, msg, type } list.
import { describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../api/lib/route.ts';
import { API_ROUTES } from '../../api/routes/index.ts';
import { call, signInUser, testApp } from './helpers.ts';

const app = testApp();
const MALFORMED = 'not-an-id';

/** The route's path with every parameter set to `value`. */
const pathWith = (route: ApiRoute, value: string) => route.path.replace(/\{[^}]+\}/g, value);
const name = (route: ApiRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** Routes whose path schema refuses a malformed id, with the message it refuses it with. */
const refusingRoutes = API_ROUTES.flatMap((route) => {
  if (!route.params) return [];
  const values = Object.fromEntries(Object.keys(route.params.shape).map((key) => [key, MALFORMED]));
  const parsed = route.params.safeParse(values);
  return parsed.success ? [] : [{ route, message: parsed.error.issues[0]!.message }];
});

describe('the declared routes', () => {
  it.each(API_ROUTES.filter((route) => !route.public).map((route) => [name(route), route] as const))(
    '%s needs sign-in (401 without credentials)',
    async (_name, route) => {
      const answer = await call(app, route.method.toUpperCase(), pathWith(route, MALFORMED));

      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'Not authenticated.', request_id: expect.any(String) });
    },
  );

  it.each(API_ROUTES.filter((route) => route.public).map((route) => [name(route), route] as const))(
    '%s answers without sign-in',
    async (_name, route) => {
      const answer = await call(app, route.method.toUpperCase(), pathWith(route, MALFORMED));

      expect(answer.status).not.toBe(401);
      expect(answer.status).toBeLessThan(500);
    },
  );

  it('has a path schema for every route with an id in its path, and most refuse a malformed one', () => {
    expect(API_ROUTES.filter((route) => route.path.includes('{') && !route.params).map(name)).toEqual([]);
    expect(refusingRoutes.length).toBeGreaterThan(40);
  });

  it.each(refusingRoutes.map(({ route, message }) => [name(route), route, message] as const))(
    '%s answers a malformed id with 404 and its not-found message, before reading any body',
    async (_name, route, message) => {
      const user = await signInUser();

      const answer = await call(app, route.method.toUpperCase(), pathWith(route, MALFORMED), { token: user.token });

      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: message, request_id: expect.any(String) });
      expect(message).toMatch(/not found|not valid/);
    },
  );

  it('answers a body that is not JSON, a refused field and a refused query with the 422 list', async () => {
    const user = await signInUser();

    const notJson = await call(app, 'POST', '/api/projects/', { token: user.token, body: '{"name":' });
    const field = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: '  ' } });
    const query = await call(app, 'GET', '/api/admin/users?limit=0', { token: user.token });

    expect(notJson.status).toBe(422);
    expect(notJson.body.detail).toEqual([
      { loc: ['body'], msg: 'The request body must be JSON.', type: 'json_invalid' },
    ]);
    expect(field.body.detail).toEqual([{ loc: ['body', 'name'], msg: 'Project name is required.', type: 'too_small' }]);
    expect(query.status).toBe(422);
    expect(query.body.detail).toEqual([{ loc: ['query', 'limit'], msg: expect.any(String), type: 'too_small' }]);
  });
});
