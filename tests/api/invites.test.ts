// Invite links: one project, one role, expiring, revocable, used once; a token signed by the server whose secret
// part is stored only as a hash.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signInUser, testApp, testSql, type TestUser } from './helpers.ts';

const app = testApp();
/** Another API process of the same deployment: its own caches, the same database. */
const otherProcess = testApp();
const SIGNING_KEY = 'k'.repeat(40);
/** A deployment that signs with a key of its own (INVITE_SIGNING_SECRET). */
const keyed = testApp({ INVITE_SIGNING_SECRET: SIGNING_KEY });

async function projectOf(owner: TestUser, name = 'Shared'): Promise<string> {
  return (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } })).body.id;
}

async function invite(owner: TestUser, projectId: string, body: unknown = { role: 'viewer' }) {
  const created = await call(app, 'POST', `/api/projects/${projectId}/invites`, { token: owner.token, body });
  expect(created.status).toBe(201);
  return created.body as { id: string; token: string; path: string; role: string; expires_at: string };
}

/** The dot-separated parts of a token: invite id, project id, role, expiry (Unix seconds), secret part, signature. */
function partsOf(token: string) {
  const [inviteId, projectId, role, expiry, secret, signature] = token.split('.');
  return {
    inviteId: inviteId!,
    projectId: projectId!,
    role: role!,
    expiry: expiry!,
    secret: secret!,
    signature: signature!,
  };
}

/** Signs token parts the way a server with INVITE_SIGNING_SECRET = key does (HMAC-SHA256 over the rest). */
function signWith(key: string, unsigned: string): string {
  return `${unsigned}.${createHmac('sha256', key).update(`inkpilot-invite-v1.${unsigned}`).digest('base64url')}`;
}

const projectsOf = async (user: TestUser) =>
  (await call(app, 'GET', '/api/projects/', { token: user.token })).body as { id: string; role: string }[];

describe('invite links', () => {
  it('adds the user who opens it with its role, and stores only the hash of its token’s secret part', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId, { role: 'editor' });
    expect(link.path).toBe(`/invite/${link.token}`);
    const parts = partsOf(link.token);
    expect(parts).toMatchObject({
      inviteId: link.id,
      projectId,
      role: 'editor',
      expiry: String(Date.parse(link.expires_at) / 1000),
    });
    const [stored] = await testSql()`select * from project_invites where id = ${link.id}`;
    expect(stored!.token_hash).toBe(createHash('sha256').update(parts.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(parts.secret);

    const preview = await call(app, 'GET', `/api/invites/${link.token}`, { token: guest.token });
    expect(preview.body).toMatchObject({
      project_id: projectId,
      project_name: 'Shared',
      role: 'editor',
      already_member: false,
    });
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
    expect((await call(app, 'GET', `/api/projects/${projectId}/invites`, { token: owner.token })).body).toMatchObject([
      { id: link.id },
    ]);

    expect(
      (await call(app, 'DELETE', `/api/projects/${projectId}/invites/${link.id}`, { token: owner.token })).body,
    ).toEqual({ message: 'Invite link revoked.' });
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

    expect(
      (await call(app, 'DELETE', `/api/projects/${second}/invites/${link.id}`, { token: owner.token })).status,
    ).toBe(404);
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

  it('refuses a token whose signature was altered (404), adding no one and leaving the link usable', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId);
    const { signature } = partsOf(link.token);
    const altered = `${link.token.slice(0, -signature.length)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;

    for (const token of [altered, link.token.slice(0, -1), `${link.token}.extra`]) {
      const answer = await call(app, 'POST', `/api/invites/${token}/accept`, { token: guest.token });
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('This invite link is not valid.');
    }
    expect(await projectsOf(guest)).toEqual([]);
    expect((await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token })).status).toBe(200);
  });

  it('refuses a token whose role, project or expiry was altered (404): a viewer link cannot be made an owner link', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const other = await projectOf(owner, 'Other');
    const link = await invite(owner, projectId, { role: 'viewer' });
    const { expiry } = partsOf(link.token);

    const asOwner = link.token.replace('.viewer.', '.owner.');
    const elsewhere = link.token.replace(`.${projectId}.`, `.${other}.`);
    const longer = link.token.replace(`.${expiry}.`, `.${Number(expiry) + 86_400}.`);
    for (const token of [asOwner, elsewhere, longer]) {
      expect(token).not.toBe(link.token);
      const preview = await call(app, 'GET', `/api/invites/${token}`, { token: guest.token });
      const answer = await call(app, 'POST', `/api/invites/${token}/accept`, { token: guest.token });
      expect(preview.status).toBe(404);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('This invite link is not valid.');
    }
    expect(await projectsOf(guest)).toEqual([]);
  });

  it('refuses an altered token before reading the link: a tampered token of a revoked link is not valid, not revoked', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId);
    await call(app, 'DELETE', `/api/projects/${projectId}/invites/${link.id}`, { token: owner.token });

    const { expiry } = partsOf(link.token);

    const genuine = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token });
    const tampered = await call(
      app,
      'POST',
      `/api/invites/${link.token.replace(`.${expiry}.`, `.${Number(expiry) + 60}.`)}/accept`,
      { token: guest.token },
    );

    expect(genuine.body.detail).toBe('This invite link has been revoked.');
    expect(tampered.status).toBe(404);
    expect(tampered.body.detail).toBe('This invite link is not valid.');
  });

  it('opens in every process of the deployment, and not in a deployment that signs with another key', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const stranger = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId);
    const keyedLink = await call(keyed, 'POST', `/api/projects/${projectId}/invites`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect(keyedLink.status).toBe(201);

    // The same token, signed by a deployment with another key: refused by both sides.
    expect((await call(keyed, 'GET', `/api/invites/${link.token}`, { token: guest.token })).status).toBe(404);
    expect((await call(app, 'GET', `/api/invites/${keyedLink.body.token}`, { token: guest.token })).status).toBe(404);
    // A token forged with the right shape and a guessed key is refused too.
    const { inviteId, role, expiry, secret } = partsOf(link.token);
    const forged = signWith('guessed-'.repeat(5), [inviteId, projectId, role, expiry, secret].join('.'));
    expect((await call(app, 'POST', `/api/invites/${forged}/accept`, { token: stranger.token })).status).toBe(404);
    expect(await projectsOf(stranger)).toEqual([]);

    expect((await call(otherProcess, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token })).status).toBe(
      200,
    );
    expect(
      (await call(keyed, 'POST', `/api/invites/${keyedLink.body.token}/accept`, { token: stranger.token })).status,
    ).toBe(200);
  });

  it('signs with INVITE_SIGNING_SECRET when it is set, and refuses a signed token past the expiry it carries without a link', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const made = await call(keyed, 'POST', `/api/projects/${projectId}/invites`, {
      token: owner.token,
      body: { role: 'editor' },
    });
    const { inviteId, expiry, secret } = partsOf(made.body.token);
    expect(made.body.token).toBe(signWith(SIGNING_KEY, [inviteId, projectId, 'editor', expiry, secret].join('.')));

    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = signWith(SIGNING_KEY, [crypto.randomUUID(), projectId, 'editor', past, secret].join('.'));
    const answer = await call(keyed, 'POST', `/api/invites/${expired}/accept`, { token: guest.token });

    expect(answer.status).toBe(410);
    expect(answer.body.detail).toBe('This invite link has expired.');
    expect(await projectsOf(guest)).toEqual([]);
  });

  it('keeps a member’s role and leaves the link unused when a member opens it', async () => {
    const owner = await signInUser();
    const guest = await signInUser();
    const projectId = await projectOf(owner);
    const link = await invite(owner, projectId, { role: 'viewer' });

    const own = await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: owner.token });

    expect(own.body).toEqual({ project_id: projectId, role: 'owner', already_member: true });
    expect((await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: guest.token })).body.role).toBe(
      'viewer',
    );
  });

  it('refuses a bad role or lifetime with a clear message', async () => {
    const owner = await signInUser();
    const projectId = await projectOf(owner);
    const bad = await call(app, 'POST', `/api/projects/${projectId}/invites`, {
      token: owner.token,
      body: { role: 'admin', expires_in_hours: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'role'], msg: 'Role must be owner, editor or viewer.' }),
      expect.objectContaining({
        loc: ['body', 'expires_in_hours'],
        msg: 'An invite link must work for at least 1 hour.',
      }),
    ]);
    expect(
      (await testSql()`select count(*)::int as n from project_invites where project_id = ${projectId}`)[0]!.n,
    ).toBe(0);
  });
});

describe('links outlive no one: a link works only while its maker may still grant its role', () => {
  /** A project of `owner` with `second` joined as a second owner through an owner link. */
  async function twoOwners(owner: TestUser, second: TestUser): Promise<string> {
    const projectId = await projectOf(owner, 'Two owners');
    const link = await invite(owner, projectId, { role: 'owner' });
    expect((await call(app, 'POST', `/api/invites/${link.token}/accept`, { token: second.token })).status).toBe(200);
    return projectId;
  }

  const userId = async (user: TestUser) =>
    (await call(app, 'GET', '/api/users/me/', { token: user.token })).body.id as string;

  it('an owner who is removed cannot take the project back with an owner link made earlier', async () => {
    const owner = await signInUser();
    const former = await signInUser();
    const projectId = await twoOwners(owner, former);
    const kept = await invite(former, projectId, { role: 'owner' });

    const removed = await call(app, 'DELETE', `/api/projects/${projectId}/members/${await userId(former)}`, {
      token: owner.token,
    });
    const retaken = await call(app, 'POST', `/api/invites/${kept.token}/accept`, { token: former.token });

    expect(removed.status).toBe(200);
    expect(retaken.status).toBe(410);
    expect(retaken.body.detail).toBe('This invite link has been revoked.');
    expect(await projectsOf(former)).toEqual([]);
    expect((await call(app, 'GET', `/api/projects/${projectId}/invites`, { token: owner.token })).body).toEqual([]);
  });

  it('an owner who is demoted loses the links they made: a second account of theirs cannot join as owner', async () => {
    const owner = await signInUser();
    const former = await signInUser();
    const accomplice = await signInUser();
    const projectId = await twoOwners(owner, former);
    const kept = await invite(former, projectId, { role: 'owner' });
    const ownersLink = await invite(owner, projectId, { role: 'viewer' });

    const demoted = await call(app, 'PATCH', `/api/projects/${projectId}/members/${await userId(former)}`, {
      token: owner.token,
      body: { role: 'editor' },
    });
    const preview = await call(app, 'GET', `/api/invites/${kept.token}`, { token: accomplice.token });
    const joined = await call(app, 'POST', `/api/invites/${kept.token}/accept`, { token: accomplice.token });

    expect(demoted.status).toBe(200);
    expect(preview.status).toBe(410);
    expect(joined.status).toBe(410);
    expect(joined.body.detail).toBe('This invite link has been revoked.');
    expect(await projectsOf(accomplice)).toEqual([]);
    // The remaining owner's own link is untouched.
    expect((await call(app, 'GET', `/api/projects/${projectId}/invites`, { token: owner.token })).body).toMatchObject([
      { id: ownersLink.id },
    ]);
  });

  it('an owner who leaves takes their open links with them', async () => {
    const owner = await signInUser();
    const leaving = await signInUser();
    const guest = await signInUser();
    const projectId = await twoOwners(owner, leaving);
    const kept = await invite(leaving, projectId, { role: 'editor' });

    expect(
      (
        await call(app, 'DELETE', `/api/projects/${projectId}/members/${await userId(leaving)}`, {
          token: leaving.token,
        })
      ).status,
    ).toBe(200);
    const joined = await call(app, 'POST', `/api/invites/${kept.token}/accept`, { token: guest.token });

    expect(joined.status).toBe(410);
    expect(await projectsOf(guest)).toEqual([]);
  });

  it('acceptance checks the maker itself: a link whose maker is no longer an owner does not open, even unrevoked', async () => {
    const owner = await signInUser();
    const former = await signInUser();
    const guest = await signInUser();
    const projectId = await twoOwners(owner, former);
    const kept = await invite(former, projectId, { role: 'owner' });
    // A role changed outside the members routes (an operator at psql, a race): the link itself was never revoked.
    await testSql()`update project_members set role = 'viewer' where project_id = ${projectId} and user_id = ${await userId(former)}`;

    const preview = await call(app, 'GET', `/api/invites/${kept.token}`, { token: guest.token });
    const joined = await call(app, 'POST', `/api/invites/${kept.token}/accept`, { token: guest.token });

    expect(preview.status).toBe(410);
    expect(joined.status).toBe(410);
    expect(joined.body.detail).toBe(
      'This invite link no longer works: the person who made it can no longer invite people to this project.',
    );
    expect(await projectsOf(guest)).toEqual([]);
    const [row] = await testSql()`select accepted_at from project_invites where id = ${kept.id}`;
    expect(row!.accepted_at).toBeNull();
  });
});
