// The role matrix of every /api route, as one table: anonymous → 401, non-member → 404 (as if missing),
// viewer → reads only (writes 403), editor and owner → everything but managing members (owners only); an admin (or
// superuser) who is not a member is an outsider (admin rights reach a project only through impersonation). Account
// routes answer every signed-in caller, public ones everyone. The whole table runs twice: with each caller's sign-in
// token, and with an API key of the same user, which must get the same answers except on the routes a key is refused
// (`signedInOnly`: admin actions, minting credentials, signing out and revoking keys → 403). Later issues add their routes to ROUTES: the last
// test fails for a mounted route that has no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { call, heardEverything, signInUser, testApp, testFeed, testJobs, testSql, type TestUser } from './helpers.ts';

type Role = 'anonymous' | 'outsider' | 'admin' | 'superuser' | 'viewer' | 'editor' | 'owner';
/** Who calls and with what: the role's user and the credential sent (their sign-in token, or an API key of theirs). */
interface Caller {
  user: TestUser;
  credential: string;
  viaKey: boolean;
}
interface Fixture {
  projectId: string;
  promptId: string;
  taskId: string;
}
interface Route {
  /** 'METHOD /path' as mounted under /api, parameters in braces. */
  name: string;
  /** read, write, manage (owners only): project routes; account: any signed-in user; public: anyone. */
  action: 'read' | 'write' | 'manage' | 'account' | 'public';
  ok: number;
  /** Account and admin routes: the status of each role where it differs from the rule of the action (a superuser gets the admin's unless told). */
  expect?: Partial<Record<Role, number>>;
  /** Refused to an API key (403): admin actions, and minting a credential (keys, invite links, billing sessions). */
  signedInOnly?: true;
  /** Builds the request; may create what a destructive call consumes. `caller` is the role's (none when anonymous). */
  request: (
    fixture: Fixture,
    caller: Caller | undefined,
  ) => Promise<{
    method: string;
    path: string;
    body?: unknown;
    form?: Record<string, string>;
    token?: string;
    headers?: Record<string, string>;
  }>;
}

const ADMIN_EMAIL = `admin-${Date.now()}@example.com`;
const SUPERUSER_EMAIL = `root-${Date.now()}@example.com`;
const ROLES_DOMAIN = `roles-${Date.now()}.acme-test.com`;
const env = {
  FETCH_ALLOW_LOOPBACK: 'true',
  ADMIN_EMAILS: ADMIN_EMAIL,
  SUPERUSER_EMAILS: SUPERUSER_EMAIL,
  GOOGLE_OAUTH_CLIENT_ID: 'roles-client.apps.googleusercontent.com', // Search Console configured; Google never called
  GOOGLE_OAUTH_CLIENT_SECRET: 'roles-secret',
};
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let owner: TestUser;
const users = {} as Record<Exclude<Role, 'anonymous'>, TestUser>;
/** An API key of each role's user. */
const keys = {} as Record<Exclude<Role, 'anonymous'>, string>;
const fixture = {} as Fixture;

/** Puts accounts on Scale as an admin does offline: API keys and unlimited posts, so plan limits never stand in for roles. */
async function onScale(uids: string[]): Promise<void> {
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, 'scale' from users where external_id in ${testSql()(uids)}
    on conflict (account_id) do update set plan_override = 'scale'`;
}

/** A new API key of the user (on Scale), made from their sign-in. */
async function newKey(user: TestUser): Promise<string> {
  const created = await call(app, 'POST', '/api/api-keys', { token: user.token, body: { name: 'matrix' } });
  if (created.status !== 201) throw new Error(`the role matrix could not make an API key: ${created.status}`);
  return created.body.key as string;
}

/** A new user added to the project as a viewer: what a role change or a removal consumes. */
async function newMember(projectId: string): Promise<string> {
  const user = await signInUser();
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  await testSql()`insert into project_members (project_id, user_id, role) values (${projectId}, ${me.body.id}, 'viewer')`;
  return me.body.id as string;
}

/** A fresh invite link of the project, made by its owner; returns its token or id. */
async function newInvite(projectId: string): Promise<{ id: string; token: string }> {
  const invite = await call(app, 'POST', `/api/projects/${projectId}/invites`, {
    token: owner.token,
    body: { role: 'viewer' },
  });
  return { id: invite.body.id, token: invite.body.token };
}

/** A user who is in no project, with the same kind of credential as the caller's: what a call that changes its caller consumes. */
async function freshToken(caller: Caller | undefined): Promise<string | undefined> {
  if (!caller) return undefined;
  const user = await signInUser();
  if (!caller.viaKey) return user.token;
  await call(app, 'GET', '/api/users/me/', { token: user.token });
  await onScale([user.uid]);
  return newKey(user);
}

/**
 * A user who is in no project, with the same kind of credential as the caller's, and their email: what deleting an
 * account consumes.
 */
async function freshAccount(caller: Caller | undefined): Promise<{ token?: string; email: string }> {
  if (!caller) return { email: 'nobody@example.com' };
  const user = await signInUser();
  if (!caller.viaKey) return { token: user.token, email: user.email };
  await call(app, 'GET', '/api/users/me/', { token: user.token });
  await onScale([user.uid]);
  return { token: await newKey(user), email: user.email };
}

/**
 * A new project with the fixture's roles (the matrix's owner, editor and viewer): what deleting a project consumes.
 * Returns once this process's caches know the memberships.
 */
async function newRolesProject(): Promise<{ id: string; name: string }> {
  const name = `Disposable ${crypto.randomUUID().slice(0, 8)}`;
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  for (const role of ['viewer', 'editor'] as const)
    await testSql()`
      insert into project_members (project_id, user_id, role)
      select ${created.body.id}, id, ${role} from users where external_id = ${users[role].uid}`;
  await heardEverything(testFeed());
  return { id: created.body.id as string, name };
}

/** A signed-in user nobody else in the matrix is: what an admin's plan change consumes. */
async function newUserId(): Promise<string> {
  const me = await call(app, 'GET', '/api/users/me/', { token: (await signInUser()).token });
  return me.body.id as string;
}

async function newPrompt(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into prompts (project_id, brand_voice) values (${projectId}, 'voice') returning id`;
  return row!.id as string;
}

async function newEntry(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into calendar_entries (project_id, entry_date, title) values (${projectId}, '2030-01-15', 'Role entry') returning id`;
  return row!.id as string;
}

async function newPlanTask(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into plan_tasks (project_id, start_date, status) values (${projectId}, '2030-01-01', 'complete') returning id`;
  return row!.id as string;
}

const ONE_NODE = [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }];

async function newWorkflow(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into workflows (project_id, name, nodes) values (${projectId}, 'W', ${testSql().json(ONE_NODE)}) returning id`;
  return row!.id as string;
}

async function newTemplate(): Promise<string> {
  const [row] =
    await testSql()`insert into workflows (project_id, name, nodes, is_template) values (null, 'T', ${testSql().json(ONE_NODE)}, true) returning id`;
  return row!.id as string;
}

async function newMedia(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into media (project_id, content_type, body) values (${projectId}, 'image/svg+xml', ${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')}) returning id`;
  return row!.id as string;
}

async function newRun(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into workflow_runs (project_id, graph) values (${projectId}, ${testSql().json({ nodes: [], edges: [] })}) returning id`;
  return row!.id as string;
}

/** A webhook destination of the project (issue 28), written as the API stores one (no secret is read here). */
async function newDestination(projectId: string): Promise<string> {
  const [row] = await testSql()`
    insert into destinations (project_id, kind, name, settings)
    values (${projectId}, 'webhook', 'Roles hook', ${testSql().json({ url: 'http://127.0.0.1:9/hook' })}) returning id`;
  return row!.id as string;
}

/** A failed delivery of a new post to a new destination: what Retry consumes. */
async function failedDelivery(projectId: string): Promise<{ postId: string; deliveryId: string }> {
  const postId = await newPost(projectId, 'published');
  const destinationId = await newDestination(projectId);
  const [row] = await testSql()`
    insert into deliveries (job_queue, project_id, post_id, post_slug, destination_id, target, event_kind, state, last_error)
    values ('roles.not-worked', ${projectId}, ${postId}, 'post', ${destinationId}, ${destinationId}, 'published', 'failed', 'no')
    returning id`;
  return { postId, deliveryId: row!.id as string };
}

async function newTranslationTask(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into post_translations (project_id, language, status) values (${projectId}, 'pt', 'complete') returning id`;
  return row!.id as string;
}

async function newPost(projectId: string, status: 'draft' | 'published' = 'draft'): Promise<string> {
  const [row] = await testSql()`
    insert into blog_posts (project_id, title, slug, status) values (${projectId}, 'Post', ${`post-${crypto.randomUUID()}`}, ${status}) returning id`;
  return row!.id as string;
}

const ROUTES: Route[] = [
  {
    name: 'GET /projects/{id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}` }),
  },
  {
    name: 'PATCH /projects/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/projects/${f.projectId}`,
      body: { default_prompt_id: f.promptId },
    }),
  },
  // The hosted blog's settings go through the same route: logo, accent colour (and base path, on a custom domain).
  {
    name: 'PATCH /projects/{id} (blog brand)',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/projects/${f.projectId}`,
      body: { blog_logo_url: 'https://cdn.acme-test.com/logo.png', blog_accent_color: '#0f766e' },
    }),
  },
  // Renaming (issue 26) too: owners and editors rename, viewers cannot.
  {
    name: 'PATCH /projects/{id} (rename)',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/projects/${f.projectId}`,
      body: { name: 'Renamed by the matrix' },
    }),
  },
  // The quality gate and the AI-assisted note (issue 27): every member reads them, owners and editors change them.
  {
    name: 'GET /projects/{id}/quality',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/quality` }),
  },
  {
    name: 'PATCH /projects/{id}/quality',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'PATCH', path: `/api/projects/${f.projectId}/quality`, body: { min_score: 70 } }),
  },
  // Owners only, from their own sign-in: an API key is refused (403) even for the owner.
  {
    name: 'DELETE /projects/{id}',
    action: 'manage',
    ok: 200,
    signedInOnly: true,
    request: async () => {
      const project = await newRolesProject();
      return { method: 'DELETE', path: `/api/projects/${project.id}`, body: { confirm_name: project.name } };
    },
  },
  {
    name: 'POST /projects/{id}/brand-fetch-and-generate-guide',
    action: 'write',
    ok: 202,
    request: async (f) => ({
      method: 'POST',
      path: `/api/projects/${f.projectId}/brand-fetch-and-generate-guide`,
      body: { brand_url: 'http://127.0.0.1:9/' },
    }),
  },
  {
    name: 'GET /projects/brand-guide/status/{task_id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/brand-guide/status/${f.taskId}` }),
  },
  {
    name: 'GET /prompts/{id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/prompts/${f.promptId}` }),
  },
  {
    name: 'GET /prompts/project/{projectId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/prompts/project/${f.projectId}` }),
  },
  {
    name: 'GET /prompts/project/{projectId}/all',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/prompts/project/${f.projectId}/all` }),
  },
  {
    name: 'PATCH /prompts/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'PATCH', path: `/api/prompts/${f.promptId}`, body: { keywords: ['bread'] } }),
  },
  {
    name: 'DELETE /prompts/{id}',
    action: 'write',
    ok: 204,
    request: async (f) => ({ method: 'DELETE', path: `/api/prompts/${await newPrompt(f.projectId)}` }),
  },
  {
    name: 'GET /projects/{id}/custom-domain',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/custom-domain` }),
  },
  {
    name: 'POST /projects/{id}/custom-domain',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/projects/${f.projectId}/custom-domain`,
      body: { domain: ROLES_DOMAIN },
    }),
  },
  {
    name: 'POST /projects/{id}/custom-domain/verify',
    action: 'write',
    ok: 200,
    request: async (f) => {
      await testSql()`update projects set custom_blog_domain = ${ROLES_DOMAIN}, custom_blog_domain_status = 'pending', custom_blog_domain_token = 'roles' where id = ${f.projectId}`;
      return { method: 'POST', path: `/api/projects/${f.projectId}/custom-domain/verify` };
    },
  },
  {
    name: 'DELETE /projects/{id}/custom-domain',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/projects/${f.projectId}/custom-domain` }),
  },
  // Search Console (issue 25): owners connect and manage it (the OAuth flow itself only from a signed-in session);
  // every member reads what it reports. Google is configured but never reached: nothing here is connected.
  {
    name: 'GET /projects/{id}/search-console',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/search-console` }),
  },
  {
    name: 'POST /projects/{id}/search-console/connect',
    action: 'manage',
    ok: 200,
    signedInOnly: true,
    request: async (f) => ({ method: 'POST', path: `/api/projects/${f.projectId}/search-console/connect` }),
  },
  {
    name: 'POST /projects/{id}/search-console/callback',
    action: 'manage',
    ok: 422, // an owner is heard, and an unknown state refused
    signedInOnly: true,
    request: async (f) => ({
      method: 'POST',
      path: `/api/projects/${f.projectId}/search-console/callback`,
      body: { state: `${f.projectId}.unknown`, code: 'code' },
    }),
  },
  {
    name: 'PUT /projects/{id}/search-console/verification',
    action: 'manage',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/projects/${f.projectId}/search-console/verification`,
      body: { token: 'Roles_verification-123' },
    }),
  },
  {
    name: 'DELETE /projects/{id}/search-console',
    action: 'manage',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/projects/${f.projectId}/search-console` }),
  },
  {
    name: 'GET /projects/{id}/search-console/properties',
    action: 'manage',
    ok: 409, // an owner is heard: not connected yet
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/search-console/properties` }),
  },
  {
    name: 'PUT /projects/{id}/search-console/property',
    action: 'manage',
    ok: 409,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/projects/${f.projectId}/search-console/property`,
      body: { site_url: 'sc-domain:roles.example' },
    }),
  },
  {
    name: 'POST /projects/{id}/search-console/sitemap',
    action: 'manage',
    ok: 409,
    request: async (f) => ({ method: 'POST', path: `/api/projects/${f.projectId}/search-console/sitemap` }),
  },
  {
    name: 'GET /projects/{id}/search-console/posts',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/search-console/posts` }),
  },
  {
    name: 'GET /projects/{id}/search-console/posts/{postId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      path: `/api/projects/${f.projectId}/search-console/posts/${await newPost(f.projectId, 'published')}`,
    }),
  },
  {
    name: 'GET /projects/{id}/search-console/insights',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/search-console/insights` }),
  },
  // For the TLS front proxy, no sign-in: an unknown domain is 404 to everyone.
  {
    name: 'GET /domains/allowed',
    action: 'public',
    ok: 404,
    request: async () => ({ method: 'GET', path: '/api/domains/allowed?domain=unknown.example.com' }),
  },
  {
    name: 'POST /prompts/generate-and-save-guide',
    action: 'write',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: '/api/prompts/generate-and-save-guide',
      form: {
        project_id: f.projectId,
        use_brand_context: 'false',
        brand_context_text: 'We bake bread.',
        user_keywords_json: '["bread"]',
      },
    }),
  },
  {
    name: 'GET /projects',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/projects/' }),
  },
  {
    name: 'POST /projects',
    action: 'account',
    ok: 201,
    request: async () => ({ method: 'POST', path: '/api/projects/', body: { name: 'Own' } }),
  },
  {
    name: 'GET /projects/{id}/members',
    action: 'manage',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/members` }),
  },
  {
    name: 'PATCH /projects/{id}/members/{userId}',
    action: 'manage',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/projects/${f.projectId}/members/${await newMember(f.projectId)}`,
      body: { role: 'editor' },
    }),
  },
  {
    name: 'DELETE /projects/{id}/members/{userId}',
    action: 'manage',
    ok: 200,
    request: async (f) => ({
      method: 'DELETE',
      path: `/api/projects/${f.projectId}/members/${await newMember(f.projectId)}`,
    }),
  },
  {
    name: 'GET /projects/{id}/invites',
    action: 'manage',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/invites` }),
  },
  {
    name: 'POST /projects/{id}/invites',
    action: 'manage',
    ok: 201,
    signedInOnly: true,
    request: async (f) => ({ method: 'POST', path: `/api/projects/${f.projectId}/invites`, body: { role: 'viewer' } }),
  },
  {
    name: 'DELETE /projects/{id}/invites/{inviteId}',
    action: 'manage',
    ok: 200,
    request: async (f) => ({
      method: 'DELETE',
      path: `/api/projects/${f.projectId}/invites/${(await newInvite(f.projectId)).id}`,
    }),
  },
  {
    name: 'GET /invites/{token}',
    action: 'account',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/invites/${(await newInvite(f.projectId)).token}` }),
  },
  {
    name: 'POST /invites/{token}/accept',
    action: 'account',
    ok: 200,
    request: async (f, caller) => ({
      method: 'POST',
      path: `/api/invites/${(await newInvite(f.projectId)).token}/accept`,
      token: await freshToken(caller),
    }),
  },
  {
    name: 'GET /api-keys',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/api-keys' }),
  },
  {
    name: 'POST /api-keys',
    action: 'account',
    ok: 201,
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: '/api/api-keys', body: { name: 'matrix' } }),
  },
  {
    name: 'DELETE /api-keys/{id}',
    action: 'account',
    ok: 200,
    signedInOnly: true,
    request: async (_f, caller) => {
      const key = await call(app, 'POST', '/api/api-keys', {
        token: (caller?.user ?? owner).token,
        body: { name: 'to revoke' },
      });
      return { method: 'DELETE', path: `/api/api-keys/${key.body.id}` };
    },
  },
  {
    name: 'GET /users/me',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/users/me/' }),
  },
  {
    name: 'GET /users/me/export',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/users/me/export' }),
  },
  {
    name: 'GET /users/me/deletion-preview',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/users/me/deletion-preview' }),
  },
  // Deletes its caller, so a fresh user calls it, from their own sign-in only.
  {
    name: 'DELETE /users/me',
    action: 'account',
    ok: 200,
    signedInOnly: true,
    request: async (_f, caller) => {
      const account = await freshAccount(caller);
      return {
        method: 'DELETE',
        path: '/api/users/me',
        body: { confirm_email: account.email },
        ...(account.token ? { token: account.token } : {}),
      };
    },
  },
  // Signs its caller out everywhere, so a fresh user calls it.
  {
    name: 'POST /users/logout',
    action: 'account',
    ok: 200,
    signedInOnly: true,
    request: async (_f, caller) => ({ method: 'POST', path: '/api/users/logout', token: await freshToken(caller) }),
  },
  { name: 'GET /health', action: 'public', ok: 200, request: async () => ({ method: 'GET', path: '/api/health' }) },
  {
    name: 'GET /public-config',
    action: 'public',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/public-config' }),
  },
  {
    name: 'GET /openapi.json',
    action: 'public',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/openapi.json' }),
  },
  // A bad body shows the route takes no sign-in without reaching Instagram.
  {
    name: 'POST /reels/transcribe',
    action: 'public',
    ok: 422,
    request: async () => ({ method: 'POST', path: '/api/reels/transcribe', body: { reel: '' } }),
  },
  {
    name: 'GET /insta-transcriptions/tags',
    action: 'public',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/insta-transcriptions/tags' }),
  },
  {
    name: 'GET /insta-transcriptions/tags/{tag}',
    action: 'public',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/insta-transcriptions/tags/cooking' }),
  },
  {
    name: 'GET /insta-transcriptions/{slug}',
    action: 'public',
    ok: 404,
    request: async () => ({ method: 'GET', path: '/api/insta-transcriptions/no-such-reel' }),
  },
  // Issue 16 (h16b): account-level and admin routes. Stripe is not configured here: the portal and the webhook answer 404.
  { name: 'GET /usage', action: 'account', ok: 200, request: async () => ({ method: 'GET', path: '/api/usage' }) },
  {
    name: 'POST /billing/portal',
    action: 'account',
    ok: 404,
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: '/api/billing/portal' }),
  },
  // Without Stripe it answers 404 to every signed-in caller (tests/api/billing-checkout.test.ts covers the rest).
  {
    name: 'POST /billing/checkout',
    action: 'account',
    ok: 404,
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: '/api/billing/checkout', body: { plan: 'pro', period: 'monthly' } }),
  },
  // Public and signed: without a webhook secret it answers 404 to everyone.
  {
    name: 'POST /billing/stripe/webhook',
    action: 'public',
    ok: 404,
    request: async () => ({ method: 'POST', path: '/api/billing/stripe/webhook', body: { id: 'evt_1' } }),
  },
  {
    name: 'GET /admin/users',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'GET', path: '/api/admin/users?q=example' }),
  },
  {
    name: 'PUT /admin/users/{id}/plan',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'PUT', path: `/api/admin/users/${await newUserId()}/plan`, body: { plan: null } }),
  },
  {
    name: 'POST /admin/users/{id}/impersonate',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: `/api/admin/users/${await userId('outsider')}/impersonate` }),
  },
  // Issue 27: the AI connection (no AI configured here: both answer what is in use instead).
  {
    name: 'GET /admin/ai',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'GET', path: '/api/admin/ai' }),
  },
  {
    name: 'POST /admin/ai/test',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: '/api/admin/ai/test' }),
  },
  // Superusers only: the matrix's admin is not one.
  {
    name: 'GET /admin/audit-log',
    action: 'account',
    ok: 403,
    expect: { admin: 403, superuser: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'GET', path: '/api/admin/audit-log' }),
  },
  // Blocks are the same for everyone signed in; templates are written by admins only (everyone reads published ones).
  {
    name: 'GET /workflows/blocks',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/workflows/blocks' }),
  },
  {
    name: 'GET /workflows/templates',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/workflows/templates' }),
  },
  {
    name: 'POST /workflows/templates',
    action: 'account',
    ok: 403,
    expect: { admin: 201 },
    signedInOnly: true,
    request: async () => ({
      method: 'POST',
      path: '/api/workflows/templates',
      body: { name: 'T', nodes: ONE_NODE, edges: [] },
    }),
  },
  {
    name: 'PUT /workflows/templates/{id}',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({
      method: 'PUT',
      path: `/api/workflows/templates/${await newTemplate()}`,
      body: { name: 'T2', nodes: ONE_NODE, edges: [], version: 1 },
    }),
  },
  {
    name: 'POST /workflows/templates/{id}/publish',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: `/api/workflows/templates/${await newTemplate()}/publish` }),
  },
  {
    name: 'POST /workflows/templates/{id}/unpublish',
    action: 'account',
    ok: 403,
    expect: { admin: 200 },
    signedInOnly: true,
    request: async () => ({ method: 'POST', path: `/api/workflows/templates/${await newTemplate()}/unpublish` }),
  },
  // Generated covers are public: readers of the hosted blog load them with no sign-in.
  {
    name: 'GET /media/{id}',
    action: 'public',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/media/${await newMedia(f.projectId)}` }),
  },
  // A video's thumbnail for the editor's preview, as public as the blog's own copy of it (200: the thumbnail, or the
  // dark stand-in while YouTube cannot be reached).
  {
    name: 'GET /media/youtube/{file}',
    action: 'public',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/media/youtube/abcDEF12345.jpg' }),
  },
  {
    name: 'POST /blogs/posts/plan/{projectId}/{promptId}',
    action: 'write',
    ok: 202,
    request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/plan/${f.projectId}/${f.promptId}` }),
  },
  {
    name: 'GET /blogs/posts/plan/status/{taskId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/plan/status/${await newPlanTask(f.projectId)}` }),
  },
  {
    name: 'GET /calendar/project/{projectId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}?month=2030-01` }),
  },
  {
    name: 'POST /calendar/project/{projectId}',
    action: 'write',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: `/api/calendar/project/${f.projectId}`,
      body: { date: '2030-01-02', title: 'New' },
    }),
  },
  {
    name: 'GET /calendar/project/{projectId}/competition',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}/competition?keyword=bread` }),
  },
  {
    name: 'GET /calendar/project/{projectId}/failures',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}/failures` }),
  },
  {
    name: 'GET /calendar/project/{projectId}/autopilot',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}/autopilot` }),
  },
  {
    name: 'PUT /calendar/project/{projectId}/autopilot',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/calendar/project/${f.projectId}/autopilot`,
      body: { enabled: false, time_zone: 'Europe/Paris', publish_mode: 'draft' },
    }),
  },
  {
    name: 'GET /calendar/entries/{id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/calendar/entries/${await newEntry(f.projectId)}` }),
  },
  {
    name: 'PATCH /calendar/entries/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/calendar/entries/${await newEntry(f.projectId)}`,
      body: { date: '2030-01-20' },
    }),
  },
  {
    name: 'POST /calendar/entries/{id}/generate',
    action: 'write',
    ok: 202,
    request: async (f) => ({ method: 'POST', path: `/api/calendar/entries/${await newEntry(f.projectId)}/generate` }),
  },
  {
    name: 'DELETE /calendar/entries/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/calendar/entries/${await newEntry(f.projectId)}` }),
  },
  {
    name: 'GET /workflows/project/{projectId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/workflows/project/${f.projectId}` }),
  },
  {
    name: 'POST /workflows/project/{projectId}',
    action: 'write',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: `/api/workflows/project/${f.projectId}`,
      body: { name: 'Mine', nodes: ONE_NODE, edges: [] },
    }),
  },
  {
    name: 'GET /workflows/{id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/workflows/${await newWorkflow(f.projectId)}` }),
  },
  {
    name: 'PUT /workflows/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/workflows/${await newWorkflow(f.projectId)}`,
      body: { name: 'Renamed', nodes: ONE_NODE, edges: [], version: 1 },
    }),
  },
  {
    name: 'DELETE /workflows/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/workflows/${await newWorkflow(f.projectId)}` }),
  },
  {
    name: 'POST /workflows/{id}/run',
    action: 'write',
    ok: 202,
    request: async (f) => ({
      method: 'POST',
      path: `/api/workflows/${await newWorkflow(f.projectId)}/run`,
      body: { topic: 'Bread' },
    }),
  },
  {
    name: 'POST /workflows/project/{projectId}/run',
    action: 'write',
    ok: 202,
    request: async (f) => ({
      method: 'POST',
      path: `/api/workflows/project/${f.projectId}/run`,
      body: { topic: 'Bread' },
    }),
  },
  {
    name: 'GET /workflows/runs/{runId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/workflows/runs/${await newRun(f.projectId)}` }),
  },
  {
    name: 'GET /workflows/runs/project/{projectId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/workflows/runs/project/${f.projectId}` }),
  },
  {
    name: 'GET /queue/status',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: '/api/queue/status', headers: { 'x-project-id': f.projectId } }),
  },
  {
    name: 'DELETE /queue/items/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/queue/items/${await newRun(f.projectId)}` }),
  },
  {
    name: 'GET /blogs/posts/post/{id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/post/${await newPost(f.projectId)}` }),
  },
  {
    name: 'GET /blogs/posts/post/{id}/checklist',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/post/${await newPost(f.projectId)}/checklist` }),
  },
  {
    name: 'GET /blogs/posts/project/{projectId}/held',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/project/${f.projectId}/held` }),
  },
  {
    name: 'GET /blogs/posts/project/{projectId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/project/${f.projectId}?status=published` }),
  },
  {
    name: 'POST /blogs/posts/project/{projectId}',
    action: 'write',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: `/api/blogs/posts/project/${f.projectId}`,
      body: { title: 'Draft' },
    }),
  },
  {
    name: 'POST /blogs/posts/project/{projectId}/preview',
    action: 'read',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/blogs/posts/project/${f.projectId}/preview`,
      body: { markdown: '# Hi' },
    }),
  },
  {
    name: 'PATCH /blogs/posts/post/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/blogs/posts/post/${await newPost(f.projectId)}`,
      body: { version: 1, title: 'Edited' },
    }),
  },
  {
    name: 'POST /blogs/posts/post/{id}/publish',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/post/${await newPost(f.projectId)}/publish` }),
  },
  {
    name: 'POST /blogs/posts/post/{id}/schedule',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/blogs/posts/post/${await newPost(f.projectId)}/schedule`,
      body: { at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  {
    name: 'POST /blogs/posts/post/{id}/unpublish',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/blogs/posts/post/${await newPost(f.projectId, 'published')}/unpublish`,
    }),
  },
  {
    name: 'DELETE /blogs/posts/post/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'DELETE', path: `/api/blogs/posts/post/${await newPost(f.projectId)}` }),
  },
  // Publishing (issue 28): destinations of a project, a post's publishing, Retry and the per-destination switch.
  {
    name: 'GET /destinations/kinds',
    action: 'account',
    ok: 200,
    request: async () => ({ method: 'GET', path: '/api/destinations/kinds' }),
  },
  {
    name: 'GET /projects/{id}/destinations',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/destinations` }),
  },
  {
    name: 'POST /projects/{id}/destinations/test',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/projects/${f.projectId}/destinations/test`,
      body: { kind: 'webhook', settings: { url: 'http://127.0.0.1:9/hook' } },
    }),
  },
  {
    name: 'POST /projects/{id}/destinations',
    action: 'write',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: `/api/projects/${f.projectId}/destinations`,
      body: { kind: 'webhook', name: 'Hook', settings: { url: 'http://127.0.0.1:9/hook' } },
    }),
  },
  {
    name: 'PATCH /projects/{id}/destinations/{destinationId}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PATCH',
      path: `/api/projects/${f.projectId}/destinations/${await newDestination(f.projectId)}`,
      body: { name: 'Renamed hook' },
    }),
  },
  {
    name: 'DELETE /projects/{id}/destinations/{destinationId}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'DELETE',
      path: `/api/projects/${f.projectId}/destinations/${await newDestination(f.projectId)}`,
    }),
  },
  {
    name: 'GET /blogs/posts/post/{id}/publishing',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/post/${await newPost(f.projectId)}/publishing` }),
  },
  {
    name: 'POST /blogs/posts/post/{id}/publishing/check',
    action: 'read',
    ok: 200,
    request: async (f) => ({
      method: 'POST',
      path: `/api/blogs/posts/post/${await newPost(f.projectId)}/publishing/check`,
    }),
  },
  {
    name: 'POST /blogs/posts/post/{id}/deliveries/{deliveryId}/retry',
    action: 'write',
    ok: 200,
    request: async (f) => {
      const { postId, deliveryId } = await failedDelivery(f.projectId);
      return { method: 'POST', path: `/api/blogs/posts/post/${postId}/deliveries/${deliveryId}/retry` };
    },
  },
  {
    name: 'PUT /blogs/posts/post/{id}/destinations/{destinationId}',
    action: 'write',
    ok: 200,
    request: async (f) => ({
      method: 'PUT',
      path: `/api/blogs/posts/post/${await newPost(f.projectId)}/destinations/${await newDestination(f.projectId)}`,
      body: { publish: false },
    }),
  },
  {
    name: 'GET /analytics/project/{projectId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/analytics/project/${f.projectId}?days=7` }),
  },
  {
    name: 'GET /analytics/post/{id}',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/analytics/post/${await newPost(f.projectId, 'published')}` }),
  },
  // The MCP endpoint answers every signed-in caller; what each tool may do is the route's rule (tests/api/mcp.test.ts).
  {
    name: 'POST /mcp',
    action: 'account',
    ok: 200,
    request: async () => ({
      method: 'POST',
      path: '/api/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } },
      },
    }),
  },
  { name: 'GET /mcp', action: 'account', ok: 405, request: async () => ({ method: 'GET', path: '/api/mcp' }) },
  { name: 'DELETE /mcp', action: 'account', ok: 405, request: async () => ({ method: 'DELETE', path: '/api/mcp' }) },
  {
    // The matrix runs with no AI model: a writer is let through to the refusal that translating needs one (422).
    name: 'POST /blogs/posts/post/{id}/translate',
    action: 'write',
    ok: 422,
    request: async (f) => ({
      method: 'POST',
      path: `/api/blogs/posts/post/${await newPost(f.projectId)}/translate`,
      body: { language: 'pt' },
    }),
  },
  {
    name: 'GET /blogs/posts/post/{id}/translations',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/post/${await newPost(f.projectId)}/translations` }),
  },
  {
    name: 'GET /blogs/posts/translations/{taskId}',
    action: 'read',
    ok: 200,
    request: async (f) => ({
      method: 'GET',
      path: `/api/blogs/posts/translations/${await newTranslationTask(f.projectId)}`,
    }),
  },
];

async function userId(role: Exclude<Role, 'anonymous'>): Promise<string> {
  const [row] = await testSql()`select id from users where external_id = ${users[role].uid}`;
  return row!.id as string;
}

beforeAll(async () => {
  runner = await testJobs(env, { work: false }); // tasks are queued, never worked: this file is about who may call
  app = testApp(env, runner, { dns: { resolveTxt: async () => [] } }); // custom-domain checks never leave the machine
  owner = await signInUser();
  users.owner = owner;
  users.outsider = await signInUser();
  users.admin = await signInUser({ email: ADMIN_EMAIL });
  users.superuser = await signInUser({ email: SUPERUSER_EMAIL });
  users.viewer = await signInUser();
  users.editor = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Roles' } });
  fixture.projectId = project.body.id;
  for (const role of ['viewer', 'editor'] as const) {
    await call(app, 'GET', '/api/users/me/', { token: users[role].token });
    await testSql()`
      insert into project_members (project_id, user_id, role)
      select ${fixture.projectId}, id, ${role} from users where external_id = ${users[role].uid}`;
  }
  await call(app, 'GET', '/api/users/me/', { token: users.outsider.token });
  const admin = await call(app, 'GET', '/api/users/me/', { token: users.admin.token });
  const superuser = await call(app, 'GET', '/api/users/me/', { token: users.superuser.token });
  if (admin.body.is_admin !== true || admin.body.is_superuser !== false)
    throw new Error('the admin of the role matrix did not get (only) admin rights');
  if (superuser.body.is_superuser !== true)
    throw new Error('the superuser of the role matrix did not get superuser rights');
  await onScale(Object.values(users).map((user) => user.uid));
  for (const role of Object.keys(users) as Exclude<Role, 'anonymous'>[]) keys[role] = await newKey(users[role]);
  fixture.promptId = await newPrompt(fixture.projectId);
  await testSql()`update projects set default_prompt_id = ${fixture.promptId} where id = ${fixture.projectId}`;
  const task = await call(app, 'POST', `/api/projects/${fixture.projectId}/brand-fetch-and-generate-guide`, {
    token: owner.token,
    body: { brand_url: 'http://127.0.0.1:9/' },
  });
  fixture.taskId = task.body.task_id;
});
afterAll(async () => runner.stop());

function expected(route: Route, role: Role): number {
  const fixed = route.expect?.[role] ?? (role === 'superuser' ? route.expect?.admin : undefined);
  if (fixed !== undefined) return fixed;
  if (route.action === 'public') return route.ok;
  if (role === 'anonymous') return 401;
  if (route.action === 'account') return route.ok;
  if (role === 'outsider' || role === 'admin' || role === 'superuser') return 404;
  if (role === 'viewer' && (route.action === 'write' || route.action === 'manage')) return 403;
  if (role === 'editor' && route.action === 'manage') return 403;
  return route.ok;
}

/** With an API key: the same, except that a route refusing keys answers 403 (a project's non-members still get 404 first). */
function expectedWithKey(route: Route, role: Exclude<Role, 'anonymous'>): number {
  const status = expected(route, role);
  if (!route.signedInOnly) return status;
  return route.action !== 'account' && status === 404 ? 404 : 403;
}

const ROLES = ['anonymous', 'outsider', 'admin', 'superuser', 'viewer', 'editor', 'owner'] as const;
const cases = ROUTES.flatMap((route) => ROLES.map((role) => [route.name, role, route] as const));
const keyCases = ROUTES.flatMap((route) =>
  ROLES.filter((role) => role !== 'anonymous').map((role) => [route.name, role, route] as const),
);

/** Sends the route's request as the caller and answers its status. */
async function statusOf(route: Route, caller: Caller | undefined): Promise<number> {
  const { method, path, body, form, headers, token: override } = await route.request(fixture, caller);
  const token = override ?? caller?.credential;
  if (form) {
    const data = new FormData();
    for (const [key, value] of Object.entries(form)) data.set(key, value);
    const response = await app.request(path, {
      method,
      body: data,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return response.status;
  }
  return (
    await call(app, method, path, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
      ...(headers ? { headers } : {}),
    })
  ).status;
}

describe('roles on every route', () => {
  it.each(cases)('%s as %s', async (_name, role, route) => {
    const caller =
      role === 'anonymous' ? undefined : { user: users[role], credential: users[role].token, viaKey: false };
    expect(await statusOf(route, caller)).toBe(expected(route, role));
  });
});

describe('roles on every route with an API key', () => {
  it.each(keyCases)('%s as %s with a key', async (_name, role, route) => {
    expect(await statusOf(route, { user: users[role], credential: keys[role], viaKey: true })).toBe(
      expectedWithKey(route, role),
    );
  });
});

/** 'GET /api/projects/:id/' and 'GET /projects/{id}' name the same route. */
const routeKey = (name: string) =>
  name
    .replace(' /api/', ' /')
    .replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}')
    .replace(/\/+$/, '');

describe('the role matrix', () => {
  it('has a row for every route mounted under /api', () => {
    const mounted = app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => routeKey(`${route.method} ${route.path}`));
    const rows = new Set(ROUTES.map((route) => routeKey(route.name)));
    expect(mounted.filter((route) => !rows.has(route))).toEqual([]);
  });
});
