import { beforeAll, describe, expect, it } from 'vitest';
import { openChangeFeed } from '../../api/db/change-feed.ts';
import { call, signInUser, testApp, testDatabaseUrl, testFeed, testSql } from './helpers.ts';

/** Asks until `check` passes or three seconds are up; the change feed tells other processes within milliseconds. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 25));
    }
  }
}

const ids = (body: { id: string }[]) => body.map((project) => project.id);

// Each test app has its own read caches, as two API processes would; the database is the only thing they share.
describe('two API processes over one database', () => {
  const first = testApp();
  const second = testApp();

  beforeAll(async () => {
    await testFeed().ready;
    expect(testFeed().live).toBe(true);
  });

  it('lists a project the caller just created, in the process that created it, at once', async () => {
    const user = await signInUser();
    await call(first, 'GET', '/api/projects/', { token: user.token }); // the empty list is now kept

    const created = await call(first, 'POST', '/api/projects/', { token: user.token, body: { name: 'Fresh' } });
    const list = await call(first, 'GET', '/api/projects/', { token: user.token });

    expect(ids(list.body)).toEqual([created.body.id]);
  });

  it('lists a project created through the other process', async () => {
    const user = await signInUser();
    expect((await call(second, 'GET', '/api/projects/', { token: user.token })).body).toEqual([]);

    const created = await call(first, 'POST', '/api/projects/', {
      token: user.token,
      body: { name: 'Made elsewhere' },
    });

    await eventually(async () => {
      expect(ids((await call(second, 'GET', '/api/projects/', { token: user.token })).body)).toEqual([created.body.id]);
    });
  });

  it('shows a rename and a membership written straight to the database (a worker, or psql)', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const created = await call(first, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Before' } });
    const guestId = (await call(first, 'GET', '/api/users/me/', { token: guest.token })).body.id;
    expect((await call(first, 'GET', '/api/projects/', { token: guest.token })).body).toEqual([]);
    expect((await call(first, 'GET', '/api/projects/', { token: owner.token })).body[0].name).toBe('Before');

    await testSql()`update projects set name = 'After' where id = ${created.body.id}`;
    await testSql()`insert into project_members (project_id, user_id, role) values (${created.body.id}, ${guestId}, 'viewer')`;

    await eventually(async () => {
      expect((await call(first, 'GET', '/api/projects/', { token: owner.token })).body[0].name).toBe('After');
      expect((await call(first, 'GET', '/api/projects/', { token: guest.token })).body).toMatchObject([
        { id: created.body.id, role: 'viewer' },
      ]);
    });
  });

  it('refuses X-Project-ID once the membership is removed elsewhere', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const created = await call(first, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Shared' } });
    const guestId = (await call(second, 'GET', '/api/users/me/', { token: guest.token })).body.id;
    await testSql()`insert into project_members (project_id, user_id, role) values (${created.body.id}, ${guestId}, 'editor')`;
    await eventually(async () => {
      expect(
        (await call(second, 'GET', '/api/projects/', { token: guest.token, projectId: created.body.id })).status,
      ).toBe(200);
    });

    await testSql()`delete from project_members where project_id = ${created.body.id} and user_id = ${guestId}`;

    await eventually(async () => {
      const response = await call(second, 'GET', '/api/projects/', { token: guest.token, projectId: created.body.id });
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe('Project not found.');
    });
  });

  it('refuses a token in the other process after the user logs out in one', async () => {
    const user = await signInUser();
    await call(first, 'GET', '/api/users/me/', { token: user.token }); // the first call creates the user
    expect((await call(second, 'GET', '/api/users/me/', { token: user.token })).status).toBe(200); // kept there now
    await new Promise((done) => setTimeout(done, 1100)); // auth_time has one-second resolution

    expect((await call(first, 'POST', '/api/users/logout', { token: user.token })).status).toBe(200);

    await eventually(async () => {
      const response = await call(second, 'GET', '/api/users/me/', { token: user.token });
      expect(response.status).toBe(401);
      expect(response.body.detail).toBe('This session has been signed out.');
    });
  });
});

describe('the change feed', () => {
  it('stops being live when its connection is cut and listens again by itself', async () => {
    const name = `inkpilot-changes-test-${process.pid}`;
    const feed = openChangeFeed(testDatabaseUrl(), () => {}, name);
    await feed.ready;
    const changes: string[] = [];
    feed.subscribe((change) => changes.push(change.kind));
    try {
      expect(feed.live).toBe(true);

      await testSql()`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`;

      await eventually(async () => expect(feed.live).toBe(false));
      expect(changes).toContain('reset'); // everything kept until then is dropped
      await eventually(async () => expect(feed.live).toBe(true));
      await testSql()`select pg_notify('inkpilot_changes', 'member:00000000-0000-4000-8000-000000000000')`;
      await eventually(async () => expect(changes).toContain('member'));
    } finally {
      await feed.stop();
    }
  });
});
