// Plans and allowances: GET /api/usage and assertPostAllowance (which the runs engine calls before queueing a run).
import { describe, expect, it } from 'vitest';
import { setPlanResponse } from '../../api/routes/admin/schema.ts';
import { usage as usageResponse } from '../../src/lib/usage/schema.ts';
import { LimitExceededError } from '../../api/lib/errors.ts';
import { httpStatus } from '../../api/middleware/errors.ts';
import { assertPostAllowance } from '../../api/services/usage/allowance.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

const ADMIN_EMAIL = `usage-admin-${Date.now()}@example.com`;
const app = testApp({ ADMIN_EMAILS: ADMIN_EMAIL });

async function account() {
  const user = await signInUser();
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Usage' } });
  return { ...user, id: me.body.id as string, projectId: project.body.id as string };
}

/** Posts generated for the account: `monthsAgo` 0 is this month. */
async function generated(accountId: string, projectId: string, count: number, monthsAgo = 0) {
  for (let index = 0; index < count; index += 1) {
    await testSql()`
      insert into usage_events (account_id, project_id, kind, created_at)
      values (${accountId}, ${projectId}, 'post_generated',
              date_trunc('month', now()) - make_interval(months => ${monthsAgo}) + interval '1 hour')`;
  }
}

async function refusal(projectId: string): Promise<LimitExceededError | undefined> {
  try {
    await assertPostAllowance({ sql: testSql(), projectId });
    return undefined;
  } catch (error) {
    if (error instanceof LimitExceededError) return error;
    throw error;
  }
}

async function setPlan(userId: string, plan: string | null) {
  const admin = await signInUser({ email: ADMIN_EMAIL });
  return call(app, 'PUT', `/api/admin/users/${userId}/plan`, { token: admin.token, body: { plan } });
}

describe('usage and allowances', () => {
  it('starts a new account on Free with 2 posts a month, 3 bonus posts and six empty months', async () => {
    const user = await account();

    const usage = await call(app, 'GET', '/api/usage', { token: user.token });

    expect(usage.status).toBe(200);
    expect(usageResponse.safeParse(usage.body).error).toBeUndefined(); // the answer /api/openapi.json documents
    expect(usage.body).toMatchObject({
      plan: 'free',
      plan_name: 'Free',
      status: 'active',
      used: 0,
      allowance: 2,
      bonus_total: 3,
      bonus_left: 3,
      remaining: 5,
      can_manage_billing: false,
    });
    expect(usage.body.months).toHaveLength(6);
    expect(usage.body.months.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), posts: 0 });
    expect(new Date(usage.body.period_start).getUTCDate()).toBe(1);
  });

  it('lets a Free account use its 2 posts then its 3 bonus posts, then refuses naming the plan, the limit and /pricing', async () => {
    const user = await account();
    await generated(user.id, user.projectId, 4);
    expect(await refusal(user.projectId)).toBeUndefined();

    await generated(user.id, user.projectId, 1);
    const refused = await refusal(user.projectId);

    expect(httpStatus(refused)).toBe(402);
    expect(refused?.message).toBe(
      'Your Free plan includes 2 posts a month plus 3 bonus posts on sign-up, and you have used them. Upgrade on /pricing to generate more posts.',
    );
    const usage = await call(app, 'GET', '/api/usage', { token: user.token });
    expect(usage.body).toMatchObject({ used: 5, allowance: 2, bonus_left: 0, remaining: 0 });
  });

  it('gives the sign-up bonus once: posts beyond 2 in an earlier month have spent it', async () => {
    const user = await account();
    await generated(user.id, user.projectId, 5, 1); // last month: 2 + all 3 bonus posts
    await generated(user.id, user.projectId, 2);

    const refused = await refusal(user.projectId);
    const usage = await call(app, 'GET', '/api/usage', { token: user.token });

    expect(refused?.message).toContain('Free plan');
    expect(usage.body).toMatchObject({ used: 2, bonus_left: 0 });
    expect(usage.body.months.slice(-2).map((month: { posts: number }) => month.posts)).toEqual([5, 2]);
  });

  it('counts runs under way against the allowance, so parallel starts cannot overrun it', async () => {
    const user = await account();
    await generated(user.id, user.projectId, 4);
    await testSql()`insert into workflow_runs (project_id, graph, status) values (${user.projectId}, '{}', 'running')`;

    expect(httpStatus(await refusal(user.projectId))).toBe(402);
  });

  it('charges the project to its first owner, whoever starts the run', async () => {
    const owner = await account();
    const editor = await account();
    await testSql()`insert into project_members (project_id, user_id, role) values (${owner.projectId}, ${editor.id}, 'editor')`;
    await generated(owner.id, owner.projectId, 5);

    expect(httpStatus(await refusal(owner.projectId))).toBe(402);
    expect(await refusal(editor.projectId)).toBeUndefined();
  });

  it('follows a plan an admin sets: Starter allows 15 a month, Scale is unlimited, null goes back to Free', async () => {
    const user = await account();
    await generated(user.id, user.projectId, 15);

    const set = await setPlan(user.id, 'starter');
    expect(set.body).toMatchObject({ plan: 'starter', plan_name: 'Starter', plan_source: 'admin' });
    expect(setPlanResponse.safeParse(set.body).error).toBeUndefined();
    expect((await refusal(user.projectId))?.message).toBe(
      'Your Starter plan includes 15 posts a month, and you have used them this period. Upgrade on /pricing to generate more posts.',
    );
    expect((await call(app, 'GET', '/api/usage', { token: user.token })).body).toMatchObject({
      plan: 'starter',
      allowance: 15,
      used: 15,
      remaining: 0,
      bonus_left: 0,
    });

    await setPlan(user.id, 'scale');
    expect(await refusal(user.projectId)).toBeUndefined();
    expect((await call(app, 'GET', '/api/usage', { token: user.token })).body).toMatchObject({
      plan: 'scale',
      allowance: null,
      remaining: null,
    });

    await setPlan(user.id, null);
    expect((await call(app, 'GET', '/api/usage', { token: user.token })).body).toMatchObject({
      plan: 'free',
      source: 'free',
    });
  });

  it('lets only admins set a plan, and only to a known plan', async () => {
    const user = await account();
    const other = await account();

    const byUser = await call(app, 'PUT', `/api/admin/users/${other.id}/plan`, {
      token: user.token,
      body: { plan: 'scale' },
    });
    const unknown = await setPlan(other.id, 'platinum');
    const missing = await setPlan('00000000-0000-4000-8000-000000000000', 'pro');

    expect(byUser.status).toBe(403);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'plan']);
    expect(missing.status).toBe(404);
    expect((await call(app, 'GET', '/api/usage', { token: other.token })).body.plan).toBe('free');
  });

  it('needs sign-in', async () => {
    expect((await call(app, 'GET', '/api/usage')).status).toBe(401);
  });
});
