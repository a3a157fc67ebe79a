// Members: owners list, change roles and remove; the last owner cannot leave or be demoted; a role change reaches
// every API process on its next request (each test app has its own caches, as two processes would).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, signInUser, testApp, testFeed, type TestUser } from './helpers.ts';

const first = testApp();
const second = testApp();

async function team(role: 'viewer' | 'editor' | 'owner' = 'viewer') {
  const owner = await signInUser();
  const guest = await signInUser();
  const projectId = (await call(first, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Team' } })).body
    .id as string;
  const link = await call(first, 'POST', `/api/projects/${projectId}/invites`, { token: owner.token, body: { role } });
  await call(first, 'POST', `/api/invites/${link.body.token}/accept`, { token: guest.token });
  const ids = {
    owner: (await call(first, 'GET', '/api/users/me/', { token: owner.token })).body.id as string,
    guest: (await call(first, 'GET', '/api/users/me/', { token: guest.token })).body.id as string,
  };
  return { owner, guest, projectId, ids };
}

const patchPrompt = (user: TestUser, projectId: string) =>
  call(second, 'PATCH', `/api/projects/${projectId}`, { token: user.token, body: {} });

beforeAll(async () => {
  await testFeed().ready;
  expect(testFeed().live).toBe(true);
});

describe('members', () => {
  it('lists members with their roles, owners first', async () => {
    const { owner, projectId, ids } = await team('editor');
    const members = await call(first, 'GET', `/api/projects/${projectId}/members`, { token: owner.token });
    expect(members.body.map((member: { user_id: string; role: string }) => [member.user_id, member.role])).toEqual([
      [ids.owner, 'owner'],
      [ids.guest, 'editor'],
    ]);
  });

  it('a promotion in one process lets the member write through the other on the next requests', async () => {
    const { owner, guest, projectId, ids } = await team('viewer');
    expect((await patchPrompt(guest, projectId)).status).toBe(403); // the second process now keeps the viewer role

    const changed = await call(first, 'PATCH', `/api/projects/${projectId}/members/${ids.guest}`, {
      token: owner.token,
      body: { role: 'editor' },
    });

    expect(changed.body).toMatchObject({ user_id: ids.guest, role: 'editor' });
    await eventually(async () => expect((await patchPrompt(guest, projectId)).status).toBe(200));
  });

  it('a demotion in one process stops writes through the other', async () => {
    const { owner, guest, projectId, ids } = await team('editor');
    expect((await patchPrompt(guest, projectId)).status).toBe(200);

    await call(first, 'PATCH', `/api/projects/${projectId}/members/${ids.guest}`, {
      token: owner.token,
      body: { role: 'viewer' },
    });

    await eventually(async () => expect((await patchPrompt(guest, projectId)).status).toBe(403));
  });

  it('a removal in one process closes the project in the other', async () => {
    const { owner, guest, projectId, ids } = await team('editor');
    expect((await call(second, 'GET', `/api/projects/${projectId}`, { token: guest.token })).status).toBe(200);

    expect(
      (await call(first, 'DELETE', `/api/projects/${projectId}/members/${ids.guest}`, { token: owner.token })).body,
    ).toEqual({ message: 'Member removed.' });

    await eventually(async () =>
      expect((await call(second, 'GET', `/api/projects/${projectId}`, { token: guest.token })).status).toBe(404),
    );
  });

  it('the last owner can neither be demoted nor leave; with a second owner they can', async () => {
    const { owner, guest, projectId, ids } = await team('viewer');

    const demote = await call(first, 'PATCH', `/api/projects/${projectId}/members/${ids.owner}`, {
      token: owner.token,
      body: { role: 'editor' },
    });
    const leave = await call(first, 'DELETE', `/api/projects/${projectId}/members/${ids.owner}`, {
      token: owner.token,
    });

    expect([demote.status, leave.status]).toEqual([409, 409]);
    expect(demote.body.detail).toBe('A project needs at least one owner: make another member an owner first.');
    expect((await call(first, 'GET', `/api/projects/${projectId}`, { token: owner.token })).body.role).toBe('owner');

    await call(first, 'PATCH', `/api/projects/${projectId}/members/${ids.guest}`, {
      token: owner.token,
      body: { role: 'owner' },
    });
    expect(
      (await call(first, 'DELETE', `/api/projects/${projectId}/members/${ids.owner}`, { token: owner.token })).body,
    ).toEqual({ message: 'You left the project.' });
    expect((await call(first, 'GET', `/api/projects/${projectId}/members`, { token: guest.token })).body).toMatchObject(
      [{ user_id: ids.guest, role: 'owner' }],
    );
  });

  it('a viewer may leave but not remove others; an editor cannot change roles', async () => {
    const { owner, guest, projectId, ids } = await team('viewer');
    expect(
      (await call(first, 'DELETE', `/api/projects/${projectId}/members/${ids.owner}`, { token: guest.token })).status,
    ).toBe(403);
    expect(
      (await call(first, 'DELETE', `/api/projects/${projectId}/members/${ids.guest}`, { token: guest.token })).status,
    ).toBe(200);
    expect((await call(first, 'GET', `/api/projects/${projectId}/members`, { token: owner.token })).body).toHaveLength(
      1,
    );
  });

  it('a member of another project is not found, and a bad role is refused with nothing changed', async () => {
    const { owner, projectId, ids } = await team('viewer');
    const other = await team('viewer');
    expect(
      (
        await call(first, 'PATCH', `/api/projects/${projectId}/members/${other.ids.guest}`, {
          token: owner.token,
          body: { role: 'editor' },
        })
      ).status,
    ).toBe(404);
    const bad = await call(first, 'PATCH', `/api/projects/${projectId}/members/${ids.guest}`, {
      token: owner.token,
      body: { role: 'boss' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'role'], msg: 'Role must be owner, editor or viewer.' });
  });
});
