// Issue 22: a user downloads their data as JSON: their account fields, and for each project they are a member of
// (whatever their role) its brand guide, style guides, plan, workflows and posts with markdown and fields. Nothing of
// projects they are not in, no other member's details, no key secret.
import { describe, expect, it } from 'vitest';
import { accountExport } from '../../api/routes/users/schema.ts';
import { addPost, type Blog } from './blog-support.ts';
import { call, signInUser, testApp, testSql, type TestUser } from './helpers.ts';

const app = testApp();

async function member(name: string): Promise<TestUser & { id: string }> {
  const user = await signInUser({ name });
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  return { ...user, id: me.body.id as string };
}

async function project(owner: TestUser, name: string): Promise<Blog> {
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
  return { owner, projectId: created.body.id, slug: row!.slug, host: `${row!.slug}.blogs.localhost:4321` };
}

/** Downloads the export as the browser does and parses it. */
async function download(token: string) {
  const response = await app.request('/api/users/me/export', { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { response, text, data: response.ok ? JSON.parse(text) : null };
}

describe('exporting my data', () => {
  it('holds the account and everything of the projects the user is in, and nothing of anyone else', async () => {
    const me = await member('Ada Exporter');
    const stranger = await member('Sam Stranger');
    const host = await member('Hana Host');
    const mine = await project(me, 'My Bakery');
    const guest = await project(host, "Hana's Garden");
    const foreign = await project(stranger, 'Secret Lab');
    await testSql()`insert into project_members (project_id, user_id, role) values (${guest.projectId}, ${me.id}, 'viewer')`;
    await testSql()`
      update projects set brand_url = 'https://bakery.example', brand_content = 'We bake rye.', brand_info_status = 'completed'
      where id = ${mine.projectId}`;
    const [guide] = await testSql()`
      insert into prompts (project_id, name, brand_voice, keywords, writing_style_guide)
      values (${mine.projectId}, 'Brand guide — bakery.example', 'Warm', ${['rye', 'crumb']}, 'Short sentences.')
      returning id`;
    await testSql()`update projects set default_prompt_id = ${guide!.id} where id = ${mine.projectId}`;
    const entry = await call(app, 'POST', `/api/calendar/project/${mine.projectId}`, {
      token: me.token,
      body: { date: '2030-03-04', title: 'Rye for beginners', target_keyword: 'rye bread' },
    });
    await call(app, 'PUT', `/api/calendar/project/${mine.projectId}/autopilot`, {
      token: me.token,
      body: { enabled: true, time_zone: 'Europe/Paris', publish_mode: 'draft' },
    });
    const workflow = await call(app, 'POST', `/api/workflows/project/${mine.projectId}`, {
      token: me.token,
      body: {
        name: 'Rye pipeline',
        nodes: [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }],
        edges: [],
      },
    });
    const published = await addPost(mine, {
      title: 'Crumb',
      markdown: '# Crumb\n\nOpen and **glossy**.',
      tags: ['rye'],
    });
    const draft = await addPost(mine, { title: 'Draft notes', markdown: 'Not yet.', status: 'draft' });
    // More posts than one query reads (100), so the export pages through them without losing or repeating any.
    for (let index = 0; index < 105; index++) await addPost(guest, { title: `Garden ${index}`, status: 'draft' });
    await addPost(foreign, { title: 'Top secret formula', markdown: 'Hidden.' });
    await testSql()`
      insert into subscriptions (account_id, plan_override) values (${me.id}, 'scale')
      on conflict (account_id) do update set plan_override = 'scale'`;
    const key = await call(app, 'POST', '/api/api-keys', { token: me.token, body: { name: 'Exporter key' } });

    const { response, text, data } = await download(me.token);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inkpilot-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(accountExport.safeParse(data).error).toBeUndefined(); // the shape /api/openapi.json documents
    expect(data.account).toMatchObject({ id: me.id, email: me.email, first_name: 'Ada', last_name: 'Exporter' });
    expect(data.account.plan).toEqual({ plan: 'scale', source: 'admin', status: 'active' });
    expect(data.account.api_keys).toEqual([
      expect.objectContaining({ name: 'Exporter key', prefix: key.body.prefix, revoked_at: null }),
    ]);
    expect(data.projects.map((row: { name: string; role: string }) => [row.name, row.role])).toEqual([
      ['My Bakery', 'owner'],
      ["Hana's Garden", 'viewer'],
    ]);
    const [bakery, garden] = data.projects;
    expect(bakery.brand_guide).toEqual({
      website: 'https://bakery.example',
      status: 'completed',
      content: 'We bake rye.',
      logo_url: null,
      color: null,
      default_style_guide_id: guide!.id,
      example_articles: [],
    });
    expect(bakery.blog).toMatchObject({ slug: mine.slug, address: expect.stringContaining(`//${mine.slug}.`) });
    expect(bakery.style_guides).toEqual([
      expect.objectContaining({ id: guide!.id, keywords: ['rye', 'crumb'], writing_style_guide: 'Short sentences.' }),
    ]);
    expect(bakery.plan).toEqual([
      expect.objectContaining({ id: entry.body.id, date: '2030-03-04', title: 'Rye for beginners' }),
    ]);
    expect(bakery.autopilot).toEqual({
      enabled: true,
      time_zone: 'Europe/Paris',
      slot_time: '09:00',
      publish_mode: 'draft',
    });
    expect(bakery.workflows).toContainEqual(
      expect.objectContaining({
        id: workflow.body.id,
        name: 'Rye pipeline',
        nodes: [expect.objectContaining({ id: 'topic' })],
      }),
    );
    expect(bakery.posts).toEqual([
      expect.objectContaining({
        id: published.id,
        title: 'Crumb',
        markdown: '# Crumb\n\nOpen and **glossy**.',
        tags: ['rye'],
        status: 'published',
        url: `${bakery.blog.address}${published.slug}`,
      }),
      expect.objectContaining({ id: draft.id, status: 'draft', url: null }),
    ]);
    const titles = garden.posts.map((post: { title: string }) => post.title);
    expect(new Set(titles).size).toBe(105);
    expect(titles).toHaveLength(105);
    // Nothing of the project the user is not in, no other member's address, no key secret.
    expect(text).not.toContain('Top secret formula');
    expect(text).not.toContain(foreign.projectId);
    expect(text).not.toContain(host.email);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(key.body.key);
  });

  it('writes a valid document for a user with no project, and refuses anyone not signed in', async () => {
    const lonely = await member('Lone Wolf');

    const { response, data } = await download(lonely.token);
    const anonymous = await app.request('/api/users/me/export');

    expect(response.status).toBe(200);
    expect(data).toMatchObject({ format: 'inkpilot-export', version: 1, projects: [] });
    expect(anonymous.status).toBe(401);
  });
});
