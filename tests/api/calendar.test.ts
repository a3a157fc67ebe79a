// The calendar's entries: list by month, add, edit, move to another day, delete; bad input is refused with nothing
// changed; the competition check the editor calls; the autopilot settings.
import { beforeAll, describe, expect, it } from 'vitest';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

let app: ReturnType<typeof testApp>;
let token: string;
let projectId: string;

beforeAll(async () => {
  app = testApp();
  const user = await signInUser();
  token = user.token;
  projectId = (await call(app, 'POST', '/api/projects/', { token, body: { name: 'Calendar' } })).body.id;
});

describe('calendar entries', () => {
  it('adds, lists by month, edits, moves and deletes an entry', async () => {
    const created = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: {
        date: '2030-03-31',
        title: 'Rye bread basics',
        target_keyword: 'rye bread',
        secondary_keywords: ['rye flour'],
        outline: ['Why rye'],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      date: '2030-03-31',
      title: 'Rye bread basics',
      status: 'planned',
      search_intent: 'informational',
      post_id: null,
      error: null,
    });
    expect(driftFrom('post', '/api/calendar/project/{projectId}', 201, created.body)).toBeUndefined(); // the answers /api/openapi.json documents
    const id = created.body.id as string;

    const march = await call(app, 'GET', `/api/calendar/project/${projectId}?month=2030-03`, { token });
    expect(march.body.items.map((entry: { id: string }) => entry.id)).toEqual([id]);
    expect(driftFrom('get', '/api/calendar/project/{projectId}', 200, march.body)).toBeUndefined();
    expect((await call(app, 'GET', `/api/calendar/project/${projectId}?month=2030-04`, { token })).body.items).toEqual(
      [],
    );

    const other = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: { date: '2030-04-02', title: 'Spelt' },
    });
    const moved = await call(app, 'PATCH', `/api/calendar/entries/${id}`, {
      token,
      body: { date: '2030-04-02', title: 'Rye bread, the basics' },
    });
    expect(moved.status).toBe(200);
    expect(driftFrom('patch', '/api/calendar/entries/{id}', 200, moved.body)).toBeUndefined();
    expect(moved.body).toMatchObject({
      date: '2030-04-02',
      title: 'Rye bread, the basics',
      position: other.body.position + 1,
      target_keyword: 'rye bread',
    });
    const april = await call(app, 'GET', `/api/calendar/project/${projectId}?month=2030-04`, { token });
    expect(april.body.items.map((entry: { id: string }) => entry.id)).toEqual([other.body.id, id]);

    const deleted = await call(app, 'DELETE', `/api/calendar/entries/${id}`, { token });
    expect(deleted.body).toEqual({ message: 'Calendar entry deleted.' });
    expect(driftFrom('delete', '/api/calendar/entries/{id}', 200, deleted.body)).toBeUndefined();
    expect((await call(app, 'GET', `/api/calendar/entries/${id}`, { token })).status).toBe(404);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const created = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: { date: '2030-05-01', title: 'Keep me' },
    });
    const badDay = await call(app, 'PATCH', `/api/calendar/entries/${created.body.id}`, {
      token,
      body: { date: '2030-02-30' },
    });
    expect(badDay.status).toBe(422);
    expect(badDay.body.detail[0]).toMatchObject({ loc: ['body', 'date'], msg: 'Date must be a real day.' });
    const noTitle = await call(app, 'PATCH', `/api/calendar/entries/${created.body.id}`, {
      token,
      body: { title: '  ' },
    });
    expect(noTitle.body.detail[0]).toMatchObject({ loc: ['body', 'title'], msg: 'Title is required.' });
    const badIntent = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: { date: '2030-05-02', title: 'x', search_intent: 'curious' },
    });
    expect(badIntent.status).toBe(422);
    const badMonth = await call(app, 'GET', `/api/calendar/project/${projectId}?month=2030-13`, { token });
    expect(badMonth.status).toBe(422);
    const entry = await call(app, 'GET', `/api/calendar/entries/${created.body.id}`, { token });
    expect(entry.body).toMatchObject({ date: '2030-05-01', title: 'Keep me' });
    const may = await call(app, 'GET', `/api/calendar/project/${projectId}?month=2030-05`, { token });
    expect(may.body.items).toHaveLength(1);
  });

  it('derives an entry status from its run and post, with the failure reason', async () => {
    const created = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: { date: '2030-06-01', title: 'Status' },
    });
    const id = created.body.id as string;
    const [run] =
      await testSql()`insert into workflow_runs (project_id, graph, status) values (${projectId}, '{}', 'running') returning id`;
    await testSql()`update calendar_entries set run_id = ${run!.id} where id = ${id}`;
    expect((await call(app, 'GET', `/api/calendar/entries/${id}`, { token })).body.status).toBe('generating');
    await testSql()`update workflow_runs set status = 'error', error = 'AI provider unavailable' where id = ${run!.id}`;
    const failed = await call(app, 'GET', `/api/calendar/entries/${id}`, { token });
    expect(failed.body).toMatchObject({ status: 'failed', error: 'AI provider unavailable' });
    expect(driftFrom('get', '/api/calendar/entries/{id}', 200, failed.body)).toBeUndefined();
    const failures = await call(app, 'GET', `/api/calendar/project/${projectId}/failures`, { token });
    expect(failures.body.items.map((item: { id: string }) => item.id)).toContain(id);
    expect(driftFrom('get', '/api/calendar/project/{projectId}/failures', 200, failures.body)).toBeUndefined();
    const [post] =
      await testSql()`insert into blog_posts (project_id, title, slug) values (${projectId}, 'Status', 'status') returning id`;
    await testSql()`update workflow_runs set status = 'success', error = null, post_id = ${post!.id} where id = ${run!.id}`;
    expect((await call(app, 'GET', `/api/calendar/entries/${id}`, { token })).body).toMatchObject({
      status: 'draft',
      post_id: post!.id,
    });
    await testSql()`update blog_posts set status = 'published' where id = ${post!.id}`;
    expect((await call(app, 'GET', `/api/calendar/entries/${id}`, { token })).body.status).toBe('published');
  });
});

describe('keyword competition', () => {
  it('names the posts and entries a keyword competes with', async () => {
    const [post] =
      await testSql()`insert into blog_posts (project_id, title, slug, target_keyword) values (${projectId}, 'Best sourdough starters', 'starters', 'sourdough starters') returning id`;
    const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: { date: '2030-07-01', title: 'Starter care', target_keyword: 'Sourdough Starter' },
    });

    const found = await call(
      app,
      'GET',
      `/api/calendar/project/${projectId}/competition?keyword=${encodeURIComponent('sourdough starter')}`,
      { token },
    );
    expect(found.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'post', id: post!.id, reason: 'same target keyword' }),
        expect.objectContaining({ kind: 'entry', id: entry.body.id, date: '2030-07-01' }),
      ]),
    );
    expect(driftFrom('get', '/api/calendar/project/{projectId}/competition', 200, found.body)).toBeUndefined();
    const own = await call(
      app,
      'GET',
      `/api/calendar/project/${projectId}/competition?keyword=sourdough%20starter&exclude_post_id=${post!.id}`,
      { token },
    );
    expect(own.body.items.map((item: { id: string }) => item.id)).toEqual([entry.body.id]);
    const none = await call(app, 'GET', `/api/calendar/project/${projectId}/competition?keyword=gluten%20free%20cake`, {
      token,
    });
    expect(none.body.items).toEqual([]);
  });

  it('compares the title and the secondary keywords too, as the post editor sends them', async () => {
    const [post] = await testSql()`
      insert into blog_posts (project_id, title, slug, target_keyword) values (${projectId}, 'Baking with ancient grains', 'grains', 'ancient grains') returning id`;
    const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: {
        date: '2030-07-02',
        title: 'Dark rye at home',
        target_keyword: 'rye flour',
        secondary_keywords: ['dark rye', 'whole grain rye'],
      },
    });
    const ask = (query: Record<string, string>) =>
      call(app, 'GET', `/api/calendar/project/${projectId}/competition?${new URLSearchParams(query)}`, { token });

    const byTitle = await ask({ keyword: 'einkorn', title: 'Baking with Ancient Grains at home' });
    expect(byTitle.body.items).toEqual([
      expect.objectContaining({ kind: 'post', id: post!.id, reason: 'near-duplicate title' }),
    ]);
    expect((await ask({ keyword: 'einkorn' })).body.items).toEqual([]);

    const bySet = await ask({ keyword: 'pumpernickel', secondary_keywords: 'rye flour, dark rye,whole grain rye' });
    expect(bySet.body.items).toEqual([
      expect.objectContaining({ kind: 'entry', id: entry.body.id, reason: 'overlapping keyword set' }),
    ]);
    expect((await ask({ keyword: 'pumpernickel' })).body.items).toEqual([]);

    const tooMany = await ask({
      keyword: 'pumpernickel',
      secondary_keywords: Array.from({ length: 11 }, (_, index) => `rye ${index}`).join(','),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0]).toMatchObject({
      loc: ['query', 'secondary_keywords'],
      msg: 'You can add a maximum of 10 keywords.',
    });
  });
});

describe('autopilot settings', () => {
  it('is off by default and keeps what was set; an unknown time zone is refused', async () => {
    const initial = await call(app, 'GET', `/api/calendar/project/${projectId}/autopilot`, { token });
    expect(initial.body).toEqual({
      project_id: projectId,
      enabled: false,
      time_zone: 'UTC',
      slot_time: '09:00',
      publish_mode: 'draft',
    });
    expect(driftFrom('get', '/api/calendar/project/{projectId}/autopilot', 200, initial.body)).toBeUndefined();
    const set = await call(app, 'PUT', `/api/calendar/project/${projectId}/autopilot`, {
      token,
      body: { enabled: true, time_zone: 'Europe/Paris', publish_mode: 'publish' },
    });
    expect(set.body).toEqual({
      project_id: projectId,
      enabled: true,
      time_zone: 'Europe/Paris',
      slot_time: '09:00',
      publish_mode: 'publish',
    });
    expect(driftFrom('put', '/api/calendar/project/{projectId}/autopilot', 200, set.body)).toBeUndefined();
    const bad = await call(app, 'PUT', `/api/calendar/project/${projectId}/autopilot`, {
      token,
      body: { enabled: true, time_zone: 'Mars/Olympus', publish_mode: 'publish' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'time_zone']);
    expect((await call(app, 'GET', `/api/calendar/project/${projectId}/autopilot`, { token })).body.time_zone).toBe(
      'Europe/Paris',
    );
  });
});
