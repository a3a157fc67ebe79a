import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, secondInstance, signInUser, testApp, testSql } from './helpers.ts';

// Another API process keeps the caller's user row and project list while posts are written: an autosave every few
// seconds per open editor must not cost every process its authenticated reads (issue 22).
describe('a post autosave, heard by another API process', () => {
  const other = secondInstance('inkpilot-dispatch-test');
  const writer = testApp();

  beforeAll(async () => {
    await other.feed.ready;
  });
  afterAll(async () => {
    await other.feed.stop();
  });

  it('leaves its user and project-list caches warm, and still drops them when a project changes', async () => {
    const user = await signInUser();
    const project = await call(writer, 'POST', '/api/projects/', { token: user.token, body: { name: 'Warm' } });
    const me = await call(other.app, 'GET', '/api/users/me/', { token: user.token });
    await call(other.app, 'GET', '/api/projects/', { token: user.token });
    expect(other.caches.users.peek(user.uid)).toBeDefined();
    expect(other.caches.projectLists.peek(me.body.id)).toBeDefined();
    const post = await call(writer, 'POST', `/api/blogs/posts/project/${project.body.id}`, {
      token: user.token,
      body: { title: 'Draft' },
    });

    for (let version = 1; version <= 3; version++) {
      const saved = await call(writer, 'PATCH', `/api/blogs/posts/post/${post.body.id}`, {
        token: user.token,
        body: { version, markdown: `Autosave ${version}` },
      });
      expect(saved.status).toBe(200);
    }
    await other.settled();

    expect(other.caches.users.peek(user.uid)).toBeDefined();
    expect(other.caches.projectLists.peek(me.body.id)).toBeDefined();

    await testSql()`update projects set name = 'Renamed' where id = ${project.body.id}`;
    await other.settled();

    expect(other.caches.projectLists.peek(me.body.id)).toBeUndefined();
    expect(other.caches.users.peek(user.uid)).toBeDefined();
  });
});
