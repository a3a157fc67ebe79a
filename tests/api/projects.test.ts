import { describe, expect, it } from 'vitest';
import { call, signInUser, testApp } from './helpers.ts';

describe('projects', () => {
  const app = testApp();

  it('starts with an empty list for a new user', async () => {
    const user = await signInUser();

    const response = await call(app, 'GET', '/api/projects/', { token: user.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('creates a project owned by the caller and lists it', async () => {
    const user = await signInUser();

    const created = await call(app, 'POST', '/api/projects/', {
      token: user.token,
      body: { name: '  Acme blog ', description: 'Our blog' },
    });
    const list = await call(app, 'GET', '/api/projects', { token: user.token });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme blog',
      description: 'Our blog',
      role: 'owner',
      brand_url: null,
      custom_blog_domain: null,
    });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(list.body[0].created_at).toBe(created.body.created_at);
    expect(list.body.map((project: { id: string }) => project.id)).toEqual([created.body.id]);
  });

  it('rejects a missing name with the spec message and stores nothing', async () => {
    const user = await signInUser();

    const missing = await call(app, 'POST', '/api/projects/', { token: user.token, body: { description: 'x' } });
    const blank = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: '   ' } });
    const list = await call(app, 'GET', '/api/projects/', { token: user.token });

    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { loc: ['body', 'name'], msg: 'Project name is required.', type: expect.any(String) },
    ]);
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0].msg).toBe('Project name is required.');
    expect(list.body).toEqual([]);
  });

  it('rejects a body that is not JSON', async () => {
    const user = await signInUser();

    const response = await call(app, 'POST', '/api/projects/', { token: user.token, body: '{oops' });

    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body']);
  });

  it('reads one project with the caller role', async () => {
    const user = await signInUser();
    const created = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Mine' } });

    const response = await call(app, 'GET', `/api/projects/${created.body.id}`, { token: user.token });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: created.body.id, name: 'Mine', role: 'owner' });
  });

  it('finds a project and its role by an id written in capitals', async () => {
    const user = await signInUser();
    const created = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Shouted' } });
    const upper = created.body.id.toUpperCase();

    const one = await call(app, 'GET', `/api/projects/${upper}`, { token: user.token });
    const scoped = await call(app, 'GET', '/api/projects/', { token: user.token, projectId: upper });

    expect(one.body).toMatchObject({ id: created.body.id, role: 'owner' });
    expect(scoped.status).toBe(200);
  });

  it("answers 404 for someone else's project exactly as for a missing one", async () => {
    const owner = await signInUser();
    const stranger = await signInUser();
    const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Private' } });

    const foreign = await call(app, 'GET', `/api/projects/${created.body.id}`, { token: stranger.token });
    const missing = await call(app, 'GET', '/api/projects/00000000-0000-4000-8000-000000000000', {
      token: stranger.token,
    });
    const garbage = await call(app, 'GET', '/api/projects/not-a-uuid', { token: stranger.token });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(garbage.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });

  it("answers 404 when X-Project-ID names someone else's project", async () => {
    const owner = await signInUser();
    const stranger = await signInUser();
    const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Private' } });

    const response = await call(app, 'GET', '/api/projects/', { token: stranger.token, projectId: created.body.id });
    const own = await call(app, 'GET', '/api/projects/', { token: owner.token, projectId: created.body.id });

    expect(response.status).toBe(404);
    expect(response.body.detail).toBe('Project not found.');
    expect(own.status).toBe(200);
  });
});
