// Issue 25: the MCP server at /api/mcp, driven by the SDK's own client over real HTTP (the app served on a loopback
// port, jobs worked offline by the composer): an API key connects and lists the tools, whose input schemas are the
// routes'; it plans, writes and publishes a post through them; a viewer's key is refused a publish by the tool
// (nothing changes); a key off the Scale plan cannot connect, as the REST API refuses it.
import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { runBody } from '../../api/routes/workflows/schema.ts';
import { BRIEF_REFUSAL } from '../../src/lib/posts/brief.ts';
import { docBlock } from '../process/support/docs.ts';
import { call, signInUser, testApp, testJobs, testSql, type TestUser } from './helpers.ts';

let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let http: ServerType;
let endpoint: URL;
let owner: TestUser;
let viewer: TestUser;
let projectId: string;
const keys: Record<'owner' | 'viewer', string> = { owner: '', viewer: '' };
const clients: Client[] = [];

async function onScale(user: TestUser, plan = 'scale'): Promise<void> {
  await call(app, 'GET', '/api/users/me/', { token: user.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, ${plan} from users where external_id = ${user.uid}
    on conflict (account_id) do update set plan_override = ${plan}`;
}

async function newKey(user: TestUser): Promise<string> {
  const created = await call(app, 'POST', '/api/api-keys', { token: user.token, body: { name: 'Agent' } });
  expect(created.status).toBe(201);
  return created.body.key as string;
}

/** An MCP client of the SDK connected with the key, as Claude Desktop or any MCP client connects. */
async function connect(key: string | undefined): Promise<Client> {
  const client = new Client({ name: 'inkpilot-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A tool's answer: the JSON it carries, or the refusal's text. */
async function use(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  const text = result.content[0]?.text ?? '';
  return { error: result.isError === true, text, json: result.isError ? undefined : JSON.parse(text) };
}

beforeAll(async () => {
  runner = await testJobs();
  app = testApp({}, runner);
  http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((ready) => http.once('listening', ready));
  endpoint = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/api/mcp`);
  owner = await signInUser({ name: 'Agent Owner' });
  viewer = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Agent Bakery' } });
  projectId = project.body.id;
  await onScale(owner);
  await onScale(viewer);
  keys.owner = await newKey(owner);
  keys.viewer = await newKey(viewer);
  await testSql()`
    insert into project_members (project_id, user_id, role)
    select ${projectId}, id, 'viewer' from users where external_id = ${viewer.uid}`;
  const [prompt] = await testSql()`
    insert into prompts (project_id, brand_voice, keywords, base_knowledge)
    values (${projectId}, 'warm', ${['sourdough bread', 'bread baking']}, 'We bake bread in Lyon.') returning id`;
  await testSql()`update projects set default_prompt_id = ${prompt!.id} where id = ${projectId}`;
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await new Promise((done) => http.close(done));
  await runner.stop();
});

describe('the MCP server', () => {
  it('takes an API key and lists the tools, with the routes’ own input schemas', async () => {
    const client = await connect(keys.owner);

    const { tools } = await client.listTools();

    expect(client.getServerVersion()?.name).toBe('inkpilot');
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_projects',
      'get_brand_guide',
      'start_plan',
      'get_plan_status',
      'add_calendar_entry',
      'generate_calendar_entry',
      'start_run',
      'get_run_status',
      'list_posts',
      'get_post',
      'update_post',
      'publish_post',
      'unpublish_post',
      'get_blog_analytics',
      'get_post_analytics',
      'get_search_console_posts',
      'get_search_console_post',
      'get_search_insights',
    ]);
    const startRun = tools.find((tool) => tool.name === 'start_run');
    const routeSchema = z.toJSONSchema(runBody, { io: 'input' }) as { properties: Record<string, unknown> };
    expect(startRun?.inputSchema.properties?.topic).toEqual(routeSchema.properties.topic);
    expect(startRun?.inputSchema.properties?.outline).toEqual(routeSchema.properties.outline);
    expect(startRun?.inputSchema.required).toEqual(['projectId', 'topic']);
    expect(startRun?.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((tool) => tool.name === 'get_post')?.annotations?.readOnlyHint).toBe(true);
  });

  it('connects with the client config the README shows: its URL path and its Authorization header', async () => {
    const config = JSON.parse(docBlock('README.md', 'MCP server for AI agents', 'json')) as {
      mcpServers: { inkpilot: { type: string; url: string; headers: Record<string, string> } };
    };
    const documented = config.mcpServers.inkpilot;
    const client = new Client({ name: 'readme-client', version: '1.0.0' });
    const headers = { Authorization: documented.headers.Authorization?.replace('ink_your_api_key', keys.owner) ?? '' };

    await client.connect(
      new StreamableHTTPClientTransport(new URL(new URL(documented.url).pathname, endpoint), {
        requestInit: { headers },
      }),
    );
    clients.push(client);

    expect(documented.type).toBe('http');
    expect((await client.callTool({ name: 'list_projects', arguments: {} })).isError).toBeFalsy();
  });

  it('plans 30 days, adds an entry, writes a post with a run, edits and publishes it', async () => {
    const client = await connect(keys.owner);

    const projects = await use(client, 'list_projects');
    const guide = await use(client, 'get_brand_guide', { projectId });
    const plan = await use(client, 'start_plan', { projectId, promptId: guide.json.style_guide.id });
    await expect
      .poll(async () => (await use(client, 'get_plan_status', { taskId: plan.json.task_id })).json.status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe('complete');
    const entry = await use(client, 'add_calendar_entry', {
      projectId,
      title: 'Rye bread for beginners',
      date: '2031-03-02',
      target_keyword: 'rye bread',
    });
    const run = await use(client, 'start_run', {
      projectId,
      topic: 'Rye bread for beginners',
      target_keyword: 'rye bread',
    });
    await expect
      .poll(async () => (await use(client, 'get_run_status', { runId: run.json.run_id })).json.status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe('success');
    const finished = await use(client, 'get_run_status', { runId: run.json.run_id });
    const postId = finished.json.node_runs.find((node: any) => node.output?.saved_blog_post)?.output.saved_blog_post.id;
    const post = await use(client, 'get_post', { id: postId });
    // Offline, the run made a writer's brief: an agent cannot publish it as it is, and is told what to do.
    const refused = await use(client, 'publish_post', { id: postId, version: post.json.version });
    const edited = await use(client, 'update_post', {
      id: postId,
      version: post.json.version,
      title: 'Rye, step by step',
      markdown:
        'Rye dough is sticky, so wet your hands before you shape it.\n\n## Proving\n\nLet it rise for two hours.',
    });
    const published = await use(client, 'publish_post', { id: postId, version: edited.json.version });
    const analytics = await use(client, 'get_blog_analytics', { projectId, days: 7 });
    const search = await use(client, 'get_search_console_posts', { id: projectId });

    expect(projects.json.map((row: { id: string; role: string }) => [row.id, row.role])).toEqual([
      [projectId, 'owner'],
    ]);
    expect(guide.json.project.name).toBe('Agent Bakery');
    const [entries] = await testSql()`select count(*)::int as n from calendar_entries where project_id = ${projectId}`;
    expect(entries?.n).toBe(31); // 30 planned, 1 added
    expect(entry.json).toMatchObject({ title: 'Rye bread for beginners', date: '2031-03-02', status: 'planned' });
    expect(post.json.status).toBe('draft');
    expect(refused).toMatchObject({ error: true, text: expect.stringContaining(BRIEF_REFUSAL) });
    expect(edited.json.title).toBe('Rye, step by step');
    expect(published.json.status).toBe('published');
    const rest = await call(app, 'GET', `/api/blogs/posts/post/${postId}`, { token: owner.token });
    expect(rest.body).toMatchObject({ status: 'published', title: 'Rye, step by step' });
    const [site] = await testSql()`select slug from projects where id = ${projectId}`;
    const onBlog = await app.request(`http://${site?.slug}.blogs.localhost:4321/${published.json.slug}`);
    expect(onBlog.status).toBe(200);
    expect(await onBlog.text()).toContain('Rye, step by step');
    expect(analytics.json).toMatchObject({ project_id: projectId, range_days: 7, totals: { views: 0, visitors: 0 } });
    expect(search.json).toEqual({ connected: false, metrics_through: null, items: [] }); // no Search Console yet
  });

  it('refuses a viewer’s publish with the route’s reason, and nothing changes', async () => {
    const [draft] = await testSql()`
      insert into blog_posts (project_id, title, slug, status) values (${projectId}, 'Viewer draft', 'viewer-draft', 'draft')
      returning id`;
    const client = await connect(keys.viewer);

    const read = await use(client, 'get_post', { id: draft!.id });
    const refused = await use(client, 'publish_post', { id: draft!.id });

    expect(read.json.title).toBe('Viewer draft');
    expect(refused).toMatchObject({ error: true, text: '403: Viewers cannot change this project.' });
    const [row] = await testSql()`select status, version from blog_posts where id = ${draft!.id}`;
    expect(row).toMatchObject({ status: 'draft', version: 1 });
  });

  it('answers a refused input with the route’s message, and another project as missing', async () => {
    const client = await connect(keys.owner);
    const stranger = await signInUser();
    const theirs = await call(app, 'POST', '/api/projects/', { token: stranger.token, body: { name: 'Not yours' } });

    const empty = await use(client, 'start_run', { projectId, topic: '   ' });
    const foreign = await use(client, 'list_posts', { projectId: theirs.body.id });

    expect(empty.error).toBe(true);
    expect(empty.text).toContain('Please enter a topic.');
    expect(foreign).toMatchObject({ error: true, text: '404: Project not found.' });
  });

  it('refuses a key whose account left the Scale plan, and a call without a key', async () => {
    const user = await signInUser();
    await onScale(user);
    const key = await newKey(user);
    await onScale(user, 'pro');

    await expect(connect(key)).rejects.toThrow(
      "API keys work on the Scale plan only, and this key's account is on the Pro plan. Upgrade at /pricing to use it again.",
    );
    await expect(connect(undefined)).rejects.toThrow('Not authenticated.');
  });

  it('offers no stream and no session over GET and DELETE (405)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await call(app, method, '/api/mcp', { token: keys.owner });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });
});
