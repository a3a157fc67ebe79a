// A run started past the paying account's allowance is refused before anything is queued or any AI is called
// (issue 16): 402 with the plan, the limit and /pricing, and no run row. Runs already in flight count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { call, signInUser, testApp, testJobs, testSql } from './helpers.ts';

let runner: JobRunner;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  runner = await testJobs({}, { work: false }); // queued, never worked: nothing here may reach an AI
  app = testApp({}, runner);
});
afterAll(async () => runner.stop());

async function freeAccount() {
  const user = await signInUser();
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Allowance' } });
  return { token: user.token, id: me.body.id as string, projectId: project.body.id as string };
}

const runs = async (projectId: string) =>
  (await testSql()`select count(*)::int as n from workflow_runs where project_id = ${projectId}`)[0]!.n as number;

describe('the post allowance on starting a run', () => {
  it('lets a Free account queue its 2 monthly and 3 bonus posts, counting queued runs, then refuses the sixth with nothing stored', async () => {
    const user = await freeAccount();
    await testSql()`
      insert into usage_events (account_id, project_id, kind) values (${user.id}, ${user.projectId}, 'post_generated'), (${user.id}, ${user.projectId}, 'post_generated')`;

    for (let index = 0; index < 3; index += 1) {
      const started = await call(app, 'POST', `/api/workflows/project/${user.projectId}/run`, {
        token: user.token,
        body: { topic: `Bread ${index}` },
      });
      expect(started.status).toBe(202);
    }
    const refused = await call(app, 'POST', `/api/workflows/project/${user.projectId}/run`, {
      token: user.token,
      body: { topic: 'One too many' },
    });

    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe(
      'Your Free plan includes 2 posts a month plus 3 bonus posts on sign-up, and you have used them. Upgrade on /pricing to generate more posts.',
    );
    expect(await runs(user.projectId)).toBe(3);
  });

  it('lets the same account start again once an admin puts it on Scale', async () => {
    const user = await freeAccount();
    await testSql()`
      insert into usage_events (account_id, project_id, kind)
      select ${user.id}, ${user.projectId}, 'post_generated' from generate_series(1, 5)`;
    expect(
      (
        await call(app, 'POST', `/api/workflows/project/${user.projectId}/run`, {
          token: user.token,
          body: { topic: 'Bread' },
        })
      ).status,
    ).toBe(402);

    await testSql()`insert into subscriptions (account_id, plan_override) values (${user.id}, 'scale')`;

    expect(
      (
        await call(app, 'POST', `/api/workflows/project/${user.projectId}/run`, {
          token: user.token,
          body: { topic: 'Bread' },
        })
      ).status,
    ).toBe(202);
  });

  it('serialises concurrent starts of one account, so five at once cannot overrun a limit of one left', async () => {
    const user = await freeAccount();
    await testSql()`
      insert into usage_events (account_id, project_id, kind)
      select ${user.id}, ${user.projectId}, 'post_generated' from generate_series(1, 4)`;

    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((index) =>
        call(app, 'POST', `/api/workflows/project/${user.projectId}/run`, {
          token: user.token,
          body: { topic: `Race ${index}` },
        }),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 402, 402, 402, 402]);
    expect(await runs(user.projectId)).toBe(1);
  });
});
