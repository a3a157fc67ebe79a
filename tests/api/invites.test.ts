// Invite links: one project, one role, expiring, revocable, used once; stored only as a hash.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signInUser, testApp, testSql, type TestUser } from './helpers.ts';

const app = testApp();

async function projectOf(owner: TestUser, name = 'Shared'): Promise<string> {
  return (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } })).body.id;
}

async function invite(owner: TestUser, projectId: string, body: unknown = { role: 'viewer' }) {
  const created = await call(app, 'POST', `/api/projects/${projectId}/invites`, { token: owner.token, body });
  expect(created.status).toBe(201);
  return created.body as { id: string; token: string; path: string; role: string; expires_at: string };
}

const projectsOf = async (user: TestUser) => (await call(app, 'GET', '/api/projects/', { token: user.token })).body as { id: string; role: string }[];

describe('invite links', () => {
  it('adds the user who opens it with its role, and stores only the hash of its token', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId, { role: 'editor' });
    expect(link.path).toBe(`/invite/${link.token}`);
    const [stored] = await testSql()`select * from project_invites where id = ${link.id}`;
    expect(stored!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const preview = await call(app, 'GET', `/api/invites/${link.token}`, { token: guest.token });
    expect(preview.body).toMatchObject({ project_id: projectId, project_name: 'Shared', role: 'editor', already_member: false });
    const accepted = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token });

    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ project_id: projectId, role: 'editor', already_member: false });
    expect(await projectsOf(guest)).toMatchObject([{ id: projectId, role: 'editor' }]);
  });

  it('refuses an expired link and adds no one', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId);
    await testSql()`update project_invites set expires_at = now() - interval '1 second' where id = ${link.id}`;

    const accepted = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token });

    expect(accepted.status).toBe(410);
    expect(accepted.body.detail).toBe('This invite link has expired.');
    expect(await projectsOf(guest)).toEqual([]);
  });

  it('refuses a revoked link; the owner no longer lists it', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId);
    expect((await call(app, 'GET', `/api/projects/${projectId}/invites`, { token: owner.token })).body).toMatchObject([{ id: link.id }]);

    expect((await call(app, 'DELETE', `/api/projects/${projectId}/invites/${link.id}`, { token: owner.token })).body).toEqual({ message: 'Invite link revoked.' });
    const accepted = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token });

    expect(accepted.status).toBe(410);
    expect(accepted.body.detail).toBe('This invite link has been revoked.');
    expect(await projectsOf(guest)).toEqual([]);
    expect((await call(app, 'GET', `/api/projects/${projectId}/invites`, { token: owner.token })).body).toEqual([]);
  });

  it('works once: a second user cannot reuse it', async () => {
    const owner = await signInUser();
    const first = await signInUser();
    const second = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId);
    expect((await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: first.token })).status).toBe(200);

    const reused = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: second.token });

    expect(reused.status).toBe(410);
    expect(reused.body.detail).toBe('This invite link has already been used.');
    expect(await projectsOf(second)).toEqual([]);
  });

  it('opens only its own project: another project of the same owner is not joined, and its id does not revoke it', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const first = await projectOf(owner, 'First');
    const second = await projectOf(owner, 'Second');
    const link = await invite(owner, first);

    expect((await call(app, 'DELETE', `/api/projects/${second}/invites/${link.id}`, { token: owner.token })).status).toBe(404);
    await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token });

    expect((await projectsOf(guest)).map((project) => project.id)).toEqual([first]);
    expect((await call(app, 'GET', `/api/projects/${second}`, { token: guest.token })).status).toBe(404);
  });

  it('an unknown token is 404 and nothing is joined', async () => {
    const guest = await signInUser();
    const answer = await call(app, 'POST', `/api/invites/${'x'.repeat(43)}/accept`, { token: guest.token });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('This invite link is not valid.');
  });

  it('keeps a member’s role and leaves the link unused when a member opens it', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId, { role: 'viewer' });

    const own = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: owner.token });

    expect(own.body).toEqual({ project_id: projectId, role: 'owner', already_member: true });
    expect((await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token })).body.role).toBe('viewer');
  });

  it('refuses a bad role or lifetime with a clear message', async () => {
    const owner = await signInUser();
    const projectId = await projectOf(owner);
    const bad = await call(app, 'POST', `/api/projects/${projectId}/invites`, { token: owner.token, body: { role: 'admin', expires_in_hours: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'role'], msg: 'Role must be owner, editor or viewer.' }),
      expect.objectContaining({ loc: ['body', 'expires_in_hours'], msg: 'An invite link must work for at least 1 hour.' }),
    ]);
    expect((await testSql()`select count(*)::int as n from project_invites where project_id = ${projectId}`)[0]!.n).toBe(0);
  });
});
