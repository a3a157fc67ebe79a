import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { call, signInUser, testApp, testJobs, testSql } from './helpers.ts';

let site: Awaited<ReturnType<typeof startDemoSite>>;
let runner: JobRunner;
const env = { FETCH_ALLOW_LOOPBACK: 'true', FETCH_TIMEOUT_MS: '5000' };

beforeAll(async () => {
  site = await startDemoSite();
  runner = await testJobs(env);
});
afterAll(async () => {
  await runner.stop();
  await site.stop();
});

async function ownerWithProject(app: ReturnType<typeof testApp>) {
  const user = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Bakery' } });
  return { user, projectId: project.body.id as string };
}

/** A port nothing listens on (a server opened there and closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** A server that accepts connections and never says anything (a hung site). */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

async function settled(app: ReturnType<typeof testApp>, token: string, taskId: string) {
  let last: any;
  await expect
    .poll(
      async () => {
        last = (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token })).body;
        return last.status;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^(complete|error)$/);
  return last;
}

describe('brand processing', () => {
  it('goes pending → in progress with rising progress → complete, and stores the guide as the default prompt', async () => {
    const idle = await testJobs(env, { work: false });
    const app = testApp(env, idle);
    const { user, projectId } = await ownerWithProject(app);
    // The runner of this file works the queue; hold a page so the task can be seen mid-crawl.
    const hold = site.hold('/breads');

    const started = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token: user.token,
      body: { brand_url: `${site.origin}/` },
    });
    expect(started.status).toBe(202);
    expect(started.body.message).toBe('Started analyzing website and generating style guide...');
    const first = await call(app, 'GET', `/api/projects/brand-guide/status/${started.body.task_id}`, {
      token: user.token,
    });
    expect(['pending', 'in_progress']).toContain(first.body.status);

    await hold.arrived;
    const middle = await call(app, 'GET', `/api/projects/brand-guide/status/${started.body.task_id}`, {
      token: user.token,
    });
    hold.release();
    const done = await settled(app, user.token, started.body.task_id);
    await idle.stop();

    expect(middle.body).toMatchObject({ status: 'in_progress', stage: 'reading', result: null });
    expect(middle.body.message).toMatch(/^Reading \d+ pages\.\.\.$/);
    expect(middle.body.progress).toBeGreaterThan(first.body.progress);
    expect(middle.body.progress).toBeLessThan(100);
    expect(done).toMatchObject({ status: 'complete', stage: 'done', progress: 100 });
    const promptId = done.result.default_prompt_id;
    const prompt = await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: user.token });
    expect(prompt.body).toMatchObject({
      id: promptId,
      project_id: projectId,
      is_default: true,
      draft_label: 'draft — no AI configured',
    });
    expect(prompt.body.keywords.length).toBeGreaterThan(0);
    expect(prompt.body.keywords.length).toBeLessThanOrEqual(10);
    expect(prompt.body.keywords).toContain('sourdough bread');
    expect(prompt.body.brand_voice).toContain('We believe good bread needs time');
    expect(prompt.body.base_knowledge).toContain('Wholesale bread for cafés');
    const [project] =
      await testSql()`select brand_url, brand_content, brand_info_status, default_prompt_id, brand_logo_url, brand_color, brand_name from projects where id = ${projectId}`;
    expect(project).toMatchObject({
      brand_url: `${site.origin}/`,
      brand_info_status: 'completed',
      default_prompt_id: promptId,
    });
    // Named after the site (the part its page titles share), not its host.
    expect(project!.brand_name).toBe('Hearth & Crumb Bakery');
    expect(prompt.body.name).toBe('Brand guide — Hearth & Crumb Bakery');
    // The home page's brand marks, offered for the blog's logo and colour.
    expect(project).toMatchObject({
      brand_logo_url: 'https://static.hearth-and-crumb.test/logo.svg',
      brand_color: '#8b4513',
    });
    expect(project!.brand_content).toContain('Hearth & Crumb');
    // robots.txt disallows /private/: never fetched; the sitemap-only page was read.
    expect(site.requests).not.toContain('/private/staff');
    expect(site.requests).toContain('/wholesale');
  });

  it('ends with the spec failure message and no guide when the site cannot be read', async () => {
    const app = testApp(env, runner);
    const { user, projectId } = await ownerWithProject(app);

    const started = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token: user.token,
      body: { brand_url: `${site.origin}/down` },
    });
    const done = await settled(app, user.token, started.body.task_id);

    expect(done).toMatchObject({
      status: 'error',
      stage: 'failed',
      message: 'Brand processing failed. Please try again or provide brand context manually.',
      result: null,
      reason: 'The homepage answered HTTP 503 instead of a page.',
    });
    const [count] = await testSql()`select count(*)::int as n from prompts where project_id = ${projectId}`;
    expect(count!.n).toBe(0);
    const [project] =
      await testSql()`select brand_info_status, default_prompt_id from projects where id = ${projectId}`;
    expect(project).toMatchObject({ brand_info_status: 'failed', default_prompt_id: null });
  });

  it('fails at once with the reason when the site refuses the connection', async () => {
    const app = testApp(env, runner);
    const { user, projectId } = await ownerWithProject(app);
    const closed = await closedPort();
    const started = Date.now();

    const task = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token: user.token,
      body: { brand_url: `http://127.0.0.1:${closed}/` },
    });
    const done = await settled(app, user.token, task.body.task_id);

    expect(done).toMatchObject({
      status: 'error',
      message: 'Brand processing failed. Please try again or provide brand context manually.',
      reason: `Could not connect to 127.0.0.1:${closed}: the connection was refused. Check the address and that the site is up.`,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('fails with the reason when the site accepts the connection and never answers', async () => {
    const app = testApp(env, runner);
    const { user, projectId } = await ownerWithProject(app);
    const silent = await silentServer();

    try {
      const task = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
        token: user.token,
        body: { brand_url: `http://127.0.0.1:${silent.port}/` },
      });
      const done = await settled(app, user.token, task.body.task_id);

      // FETCH_TIMEOUT_MS is 5 s in this file: reaching a site gets that or 10 s, whichever is shorter.
      expect(done).toMatchObject({
        status: 'error',
        reason: `127.0.0.1:${silent.port} did not answer within 5 seconds. Check that the site is up.`,
      });
    } finally {
      await silent.close();
    }
  });

  it('refuses a private-address URL with 422 before anything is queued or fetched', async () => {
    const app = testApp({ FETCH_ALLOW_LOOPBACK: 'false' }, runner);
    const { user, projectId } = await ownerWithProject(app);
    const before = site.requests.length;

    const answers = await Promise.all(
      ['http://192.168.1.10/', 'http://10.0.0.1', `${site.origin}/`, 'http://[::1]:8080/'].map((brand_url) =>
        call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
          token: user.token,
          body: { brand_url },
        }),
      ),
    );

    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(['body', 'brand_url']);
      expect(answer.body.detail[0].msg).toMatch(/private or local network/);
    }
    expect(site.requests.length).toBe(before);
    const [count] = await testSql()`select count(*)::int as n from brand_tasks where project_id = ${projectId}`;
    expect(count!.n).toBe(0);
  });

  it.each([[''], ['   '], ['not a url'], ['ftp://example.com'], ['nodot']])(
    'answers "Please enter a valid URL." for %j',
    async (brand_url) => {
      const app = testApp(env, runner);
      const { user, projectId } = await ownerWithProject(app);

      const answer = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
        token: user.token,
        body: { brand_url },
      });

      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual([
        { loc: ['body', 'brand_url'], msg: 'Please enter a valid URL.', type: expect.any(String) },
      ]);
    },
  );
});
