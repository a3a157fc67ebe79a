// Scheduling at a date and time in the project's time zone (issue 28): the editor sends a wall-clock date and time,
// the server reads them in the project's time zone (the autopilot's), stores the one UTC instant they are there, and
// the schedule job publishes the post at that instant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { wallTimeOf } from '../../src/lib/posts/zoned-time.ts';
import { newBlog, visit } from './blog-support.ts';
import { call, testApp, testJobs } from './helpers.ts';

let runner: JobRunner;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  runner = await testJobs();
  app = testApp({}, runner);
});
afterAll(async () => {
  await runner.stop();
});

/** A project in `zone` with a titled draft, and a way to schedule it. */
async function draftIn(zone: string, title = 'Goes live on the wall clock') {
  const blog = await newBlog(app);
  const token = blog.owner.token;
  const zoned = await call(app, 'PUT', `/api/calendar/project/${blog.projectId}/autopilot`, {
    token,
    body: { enabled: false, time_zone: zone, publish_mode: 'draft' },
  });
  expect(zoned.status).toBe(200);
  const created = await call(app, 'POST', `/api/blogs/posts/project/${blog.projectId}`, {
    token,
    body: { title, markdown: 'Later.' },
  });
  const schedule = (body: object) =>
    call(app, 'POST', `/api/blogs/posts/post/${created.body.id}/schedule`, { token, body });
  return { blog, token, id: created.body.id as string, schedule };
}

describe('scheduling in the project time zone', () => {
  it('stores a date and time in New York as the UTC instant they are there, summer and winter', async () => {
    const { schedule } = await draftIn('America/New_York');

    const summer = await schedule({ date: '2030-07-01', time: '09:00' });
    const winter = await schedule({ date: '2031-01-15', time: '09:00', version: 2 });

    expect(summer.status).toBe(200);
    expect(summer.body).toMatchObject({ status: 'scheduled', published_at: '2030-07-01T13:00:00.000Z' }); // EDT, −4
    expect(winter.body).toMatchObject({ status: 'scheduled', published_at: '2031-01-15T14:00:00.000Z' }); // EST, −5
  });

  it('takes a zone whose offset is not whole hours (Kathmandu, +05:45)', async () => {
    const { schedule } = await draftIn('Asia/Kathmandu');

    const answer = await schedule({ date: '2030-05-01', time: '09:00' });

    expect(answer.body.published_at).toBe('2030-05-01T03:15:00.000Z');
  });

  it('refuses a time the clocks skip, and takes the first of a time that happens twice (Paris)', async () => {
    const { schedule, id } = await draftIn('Europe/Paris');

    const skipped = await schedule({ date: '2030-03-31', time: '02:30' });
    const twice = await schedule({ date: '2030-10-27', time: '02:30' });

    expect(skipped.status).toBe(422);
    expect(skipped.body.detail).toEqual([
      {
        loc: ['body', 'time'],
        msg: '02:30 does not exist on 2030-03-31 in Europe/Paris: the clocks go forward then. Choose another time.',
        type: 'value_error',
      },
    ]);
    expect(twice.status).toBe(200);
    expect(twice.body.published_at).toBe('2030-10-27T00:30:00.000Z'); // 02:30 CEST, before the clocks go back
    expect(twice.body.id).toBe(id);
  });

  it('refuses half a wall time, a bad date or time, and a wall time beside an instant, changing nothing', async () => {
    const { schedule, id, token } = await draftIn('Europe/Berlin');

    const noTime = await schedule({ date: '2030-05-01' });
    const noDate = await schedule({ time: '09:00' });
    const badDay = await schedule({ date: '2030-02-30', time: '09:00' });
    const badTime = await schedule({ date: '2030-05-01', time: '9am' });
    const both = await schedule({ at: '2030-05-01T09:00:00+02:00', date: '2030-05-01', time: '09:00' });
    const past = await schedule({ date: '2001-05-01', time: '09:00' });
    const post = await call(app, 'GET', `/api/blogs/posts/post/${id}`, { token });

    expect(noTime.body.detail[0]).toMatchObject({ loc: ['body', 'time'] });
    expect(noDate.body.detail[0]).toMatchObject({ loc: ['body', 'date'] });
    expect(badDay.body.detail[0]).toMatchObject({ loc: ['body', 'date'], msg: 'That date does not exist.' });
    expect(badTime.body.detail[0]).toMatchObject({ loc: ['body', 'time'] });
    expect(both.body.detail[0]).toMatchObject({ loc: ['body', 'at'] });
    expect(past.body.detail[0]).toMatchObject({ msg: 'Choose a time in the future for the post to go live.' });
    for (const answer of [noTime, noDate, badDay, badTime, both, past]) expect(answer.status).toBe(422);
    expect(post.body).toMatchObject({ status: 'draft', version: 1 });
  });

  it('the schedule job publishes the post at that instant: the blog shows it from then on', {
    timeout: 120_000,
  }, async () => {
    const zone = 'Asia/Kathmandu';
    const { schedule, blog } = await draftIn(zone, 'On the Kathmandu clock');
    // The next whole minute at least 10 s away, written on the project's wall clock.
    const instant = Math.ceil((Date.now() + 10_000) / 60_000) * 60_000;
    const wall = wallTimeOf(instant, zone);

    const scheduled = await schedule(wall);
    const before = await visit(app, blog.host, '/on-the-kathmandu-clock');
    await expect
      .poll(async () => (await visit(app, blog.host, '/on-the-kathmandu-clock')).status, {
        timeout: 100_000,
        interval: 500,
      })
      .toBe(200);
    const published = await call(app, 'GET', `/api/blogs/posts/post/${scheduled.body.id}`, { token: blog.owner.token });

    expect(scheduled.body).toMatchObject({ status: 'scheduled', published_at: new Date(instant).toISOString() });
    expect(before.status).toBe(404);
    expect(published.body).toMatchObject({ status: 'published', published_at: new Date(instant).toISOString() });
  });
});
