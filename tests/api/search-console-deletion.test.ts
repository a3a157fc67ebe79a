// Issue 25 (with issue 22's deletions): deleting a project, or an account with the projects it alone owns, revokes
// each project's Google grant at Google (the fake on loopback records the token it was asked to revoke) once the
// deletion committed. Best effort: Google answering 503 is logged without the token and the deletion stands. A
// project without a connection asks Google nothing, and a grant another deployment made is left to it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeGoogle } from '../fixtures/fake-google/server.mjs';
import type { Blog } from './blog-support.ts';
import { captureConsole, connectSearchConsole } from './search-console-support.ts';
import { call, signInUser, testApp, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let app: ReturnType<typeof testApp>;
/** Every line the server wrote to the console: no token may be in any. */
const printed: string[] = [];

beforeAll(async () => {
  google = await startFakeGoogle();
  app = testApp({ ...google.env(), JOBS_QUEUE_PREFIX: testQueuePrefix() });
  captureConsole(printed, ['log', 'info', 'warn', 'error']);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await google.stop();
});
afterEach(() => {
  google.state.revokeUnavailable = 0;
});

/** A project of the owner, with its blog's address as a URL-prefix property would name it. */
async function project(owner: TestUser, name: string): Promise<Blog & { property: string }> {
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  expect(created.status).toBe(201);
  const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
  const host = `${row?.slug}.blogs.localhost:4321`;
  return { owner, projectId: created.body.id, slug: String(row?.slug), host, property: `http://${host}/` };
}

const deleteProject = (blog: Blog, name: string) =>
  call(app, 'DELETE', `/api/projects/${blog.projectId}`, { token: blog.owner.token, body: { confirm_name: name } });

const isRevoked = (token: string) => google.state.refreshTokens.get(token)?.revoked === true;

const projectsLeft = async (ids: string[]) =>
  (await testSql()`select id from projects where id in ${testSql()(ids)}`).length;

describe("deleting data revokes Search Console's Google grant", () => {
  it('deleting a project revokes its grant at Google', async () => {
    const owner = await signInUser();
    const bakery = await project(owner, 'Revoked Bakery');
    const token = await connectSearchConsole(app, google, bakery, bakery.property);
    const asked = google.state.revocations.length;

    const deleted = await deleteProject(bakery, 'Revoked Bakery');

    expect(deleted.status).toBe(200);
    expect(google.state.revocations.slice(asked)).toEqual([token]);
    expect(isRevoked(token)).toBe(true);
    expect(await projectsLeft([bakery.projectId])).toBe(0);
    const [left] = await testSql()`
      select (select count(*) from search_console_connections where project_id = ${bakery.projectId})::int as connections`;
    expect(left).toEqual({ connections: 0 });
  });

  it('deleting an account revokes the grants of the projects it takes, not of a project it leaves', async () => {
    const leaving = await signInUser();
    const partner = await signInUser();
    const first = await project(leaving, 'Solo Mill');
    const second = await project(leaving, 'Solo Oven');
    const shared = await project(leaving, 'Shared Shop');
    await call(app, 'GET', '/api/users/me/', { token: partner.token });
    await testSql()`
      insert into project_members (project_id, user_id, role)
      select ${shared.projectId}, id, 'owner' from users where external_id = ${partner.uid}`;
    const firstToken = await connectSearchConsole(app, google, first, first.property);
    const secondToken = await connectSearchConsole(app, google, second);
    const sharedToken = await connectSearchConsole(app, google, shared, shared.property);
    const preview = await call(app, 'GET', '/api/users/me/deletion-preview', { token: leaving.token });
    const asked = google.state.revocations.length;

    const deleted = await call(app, 'DELETE', '/api/users/me', {
      token: leaving.token,
      body: { confirm_email: leaving.email },
    });

    expect(preview.body.deleted_projects).toEqual([
      { id: first.projectId, name: 'Solo Mill', search_console: true },
      { id: second.projectId, name: 'Solo Oven', search_console: true },
    ]);
    expect(deleted.status).toBe(200);
    expect(google.state.revocations.slice(asked).sort()).toEqual([firstToken, secondToken].sort());
    expect([isRevoked(firstToken), isRevoked(secondToken), isRevoked(sharedToken)]).toEqual([true, true, false]);
    expect(await projectsLeft([first.projectId, second.projectId, shared.projectId])).toBe(1);
  });

  it('a grant stored while the account deletion starts is read and revoked, not slipped past it', async () => {
    const leaving = await signInUser();
    const racing = await project(leaving, 'Racing Bakery');
    const token = await connectSearchConsole(app, google, racing);
    // The grant as a connect callback would insert it; taken out again, to be stored by a transaction still open
    // when the deletion starts (a project's first connection: the row is new, so no row lock holds the deletion).
    const [grant] = await testSql()`
      delete from search_console_connections where project_id = ${racing.projectId}
      returning project_id, connected_by, refresh_token_sealed, access_token_sealed, access_token_expires_at, scope, jobs_prefix`;
    let commit = () => {};
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let held = 0;
    let stored = () => {};
    const storing = new Promise<void>((resolve) => {
      stored = resolve;
    });
    const connecting = testSql().begin(async (tx) => {
      const [row] = await tx`select pg_backend_pid() as pid`;
      held = Number(row?.pid);
      await tx`insert into search_console_connections ${tx(grant ?? {})}`;
      stored();
      await committing;
    });
    await storing;
    const asked = google.state.revocations.length;

    const deleting = call(app, 'DELETE', '/api/users/me', {
      token: leaving.token,
      body: { confirm_email: leaving.email },
    });
    await expect
      .poll(async () => {
        const [row] = await testSql()`
          select count(*)::int as waiting from pg_stat_activity where ${held}::int = any(pg_blocking_pids(pid))`;
        return row?.waiting;
      })
      .toBe(1);
    commit();
    await connecting;
    const deleted = await deleting;

    expect(deleted.status).toBe(200);
    expect(google.state.revocations.slice(asked)).toEqual([token]);
    expect(isRevoked(token)).toBe(true);
    expect(await projectsLeft([racing.projectId])).toBe(0);
  });

  it('Google answering 503 leaves the deletion done, and the failure is logged without the token', async () => {
    const owner = await signInUser();
    const bakery = await project(owner, 'Unlucky Bakery');
    const token = await connectSearchConsole(app, google, bakery, bakery.property);
    google.state.revokeUnavailable = 1;
    const asked = google.state.revocations.length;

    const deleted = await deleteProject(bakery, 'Unlucky Bakery');

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Project deleted.' });
    expect(google.state.revocations.slice(asked)).toEqual([token]);
    expect(isRevoked(token)).toBe(false); // Google was down: the grant lapses unused
    expect(await projectsLeft([bakery.projectId])).toBe(0);
    expect(printed).toContainEqual(
      expect.stringContaining(
        `project ${bakery.projectId}: Google did not revoke its grant: Google answered HTTP 503.`,
      ),
    );
    expect(printed.filter((line) => line.includes(token))).toEqual([]);
  });

  it('asks Google nothing for a project without a connection, nor for a grant another deployment made', async () => {
    const owner = await signInUser();
    const plain = await project(owner, 'Plain Bakery');
    const foreign = await project(owner, 'Foreign Bakery');
    const token = await connectSearchConsole(app, google, foreign);
    await testSql()`update search_console_connections set jobs_prefix = 'elsewhere.' where project_id = ${foreign.projectId}`;
    const preview = await call(app, 'GET', '/api/users/me/deletion-preview', { token: owner.token });
    const asked = google.state.revocations.length;

    const plainGone = await deleteProject(plain, 'Plain Bakery');
    const foreignGone = await deleteProject(foreign, 'Foreign Bakery');

    expect(preview.body.deleted_projects).toEqual([
      { id: plain.projectId, name: 'Plain Bakery', search_console: false },
      { id: foreign.projectId, name: 'Foreign Bakery', search_console: true },
    ]);
    expect([plainGone.status, foreignGone.status]).toEqual([200, 200]);
    expect(google.state.revocations.slice(asked)).toEqual([]);
    expect(isRevoked(token)).toBe(false);
    expect(printed).toContainEqual(
      expect.stringContaining(`project ${foreign.projectId}: its Google grant was made by another deployment`),
    );
  });

  it('never logs a Google token', () => {
    const secrets = [...google.state.refreshTokens.keys(), ...google.state.accessTokens.keys()];

    expect(secrets.length).toBeGreaterThan(4);
    for (const secret of secrets) expect(printed.filter((line) => line.includes(secret))).toEqual([]);
  });
});
