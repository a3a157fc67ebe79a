// Issue 22: inputs a security review sent that answered 500 (nothing stored, but each a defect) now answer a clear
// 4xx: impossible dates, block types that are names of Object.prototype, JSON nested thousands deep, and two creates
// of the same project name at the same moment.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../api/db/sql.ts';
import { call, signInUser, testApp, testDatabaseUrl, testSql, type TestUser } from './helpers.ts';

const app = testApp();
let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  owner = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Hostile input' } });
  projectId = project.body.id;
});

const entries = () => testSql()`select count(*)::int as count from calendar_entries where project_id = ${projectId}`;

describe('calendar days outside what can be stored', () => {
  it('refuses the day 0000-01-01 (there is no year 0) on create and edit with 422, storing nothing', async () => {
    const created = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Year zero', date: '0000-01-01' },
    });
    const fine = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token: owner.token,
      body: { title: 'A real day', date: '2026-03-01' },
    });
    const moved = await call(app, 'PATCH', `/api/calendar/entries/${fine.body.id}`, {
      token: owner.token,
      body: { date: '0000-01-01' },
    });
    const [count] = await entries();
    const [kept] = await testSql()`select entry_date::text as date from calendar_entries where id = ${fine.body.id}`;

    expect(created.status).toBe(422);
    expect(created.body.detail).toContainEqual({
      loc: ['body', 'date'],
      msg: 'Date must be in a year from 0001 to 9999.',
      type: 'custom',
    });
    expect(moved.status).toBe(422);
    expect(count!.count).toBe(1);
    expect(kept!.date).toBe('2026-03-01');
  });

  it('refuses ?month=0000-01 and a range from 0000-01-01 with 422, and still lists the last month of year 9999', async () => {
    const month = await call(app, 'GET', `/api/calendar/project/${projectId}?month=0000-01`, { token: owner.token });
    const range = await call(app, 'GET', `/api/calendar/project/${projectId}?from=0000-01-01&to=0000-01-31`, {
      token: owner.token,
    });
    const last = await call(app, 'GET', `/api/calendar/project/${projectId}?month=9999-12`, { token: owner.token });

    expect(month.status).toBe(422);
    expect(month.body.detail[0].loc).toEqual(['query', 'month']);
    expect(range.status).toBe(422);
    expect(range.body.detail[0].loc).toEqual(['query', 'from']);
    expect(last.status).toBe(200);
    expect(last.body.items).toEqual([]);
  });
});

describe('workflow nodes', () => {
  const graph = (type: string, config: unknown = {}) => ({
    name: 'Hostile',
    nodes: [{ id: 'n1', type, position: { x: 0, y: 0 }, config }],
    edges: [],
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'with the block type %s are refused as an unknown block (422), storing nothing',
    async (type) => {
      const before = await testSql()`select count(*)::int as count from workflows where project_id = ${projectId}`;

      const answer = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
        token: owner.token,
        body: graph(type),
      });
      const after = await testSql()`select count(*)::int as count from workflows where project_id = ${projectId}`;

      expect(answer.status).toBe(422);
      expect(answer.body.detail).toContainEqual({
        loc: ['body', 'nodes', 'n1', 'type'],
        msg: `Node "n1" has an unknown block type "${type}".`,
        type: 'value_error',
      });
      expect(after[0]!.count).toBe(before[0]!.count);
    },
  );

  it.each([
    ['constructor', 'title', 'Node "topic" (Topic input) has no output "constructor".'],
    ['topic', '__proto__', 'Node "save" (Save post) has no input "__proto__".'],
  ])('wired from output %s to input %s are refused as a missing field (422)', async (output, input, msg) => {
    const answer = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
      token: owner.token,
      body: {
        name: 'Hostile wires',
        nodes: [
          { id: 'topic', type: 'topic_input', config: {} },
          { id: 'save', type: 'save_post', config: {} },
        ],
        edges: [{ id: 'e1', source: 'topic', source_handle: output, target: 'save', target_handle: input }],
      },
    });

    expect(answer.status).toBe(422);
    expect(answer.body.detail.map((issue: { msg: string }) => issue.msg)).toContain(msg);
  });

  it('with a config nested 6,000 levels deep are refused with 422 naming where, storing nothing', async () => {
    // Written as text: JSON.stringify itself overflows the stack on a value this deep.
    const body = JSON.stringify(graph('topic_input', { x: 'DEEP' })).replace(
      '"DEEP"',
      `${'['.repeat(6000)}${']'.repeat(6000)}`,
    );

    const answer = await call(app, 'POST', `/api/workflows/project/${projectId}`, { token: owner.token, body });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([
      {
        loc: ['body', 'nodes', 0, 'config', 'x'],
        msg: 'This value nests lists or objects more than 32 levels deep. Flatten it and send again.',
        type: 'too_deep',
      },
    ]);
  });
});

describe('two creates of the same project name at the same moment', () => {
  it('both succeed, each with its own blog slug (the slug race never answers 500)', async () => {
    const name = `Race ${Date.now()}`;
    const user = await signInUser();
    await call(app, 'GET', '/api/users/me/', { token: user.token });
    // Hold the first insert open after its slug was chosen (its owner row waits on a lock of ours), so the second
    // chooses its slug while the first is not yet committed: the moment the race happens in.
    const locker = createSql(testDatabaseUrl(), 1);
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let locked!: () => void;
    const holding = new Promise<void>((done) => (locked = done));
    const transaction = locker.begin(async (tx) => {
      await tx`lock table project_members in share mode`;
      locked();
      await released;
    });
    await holding;

    const first = call(app, 'POST', '/api/projects/', { token: user.token, body: { name } });
    await waitForBlocked(1);
    const second = call(app, 'POST', '/api/projects/', { token: user.token, body: { name } });
    await waitForBlocked(2);
    release();
    await transaction;
    await locker.end();
    const answers = await Promise.all([first, second]);
    const slugs = await testSql()`select slug from projects where name = ${name} order by slug`;

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(slugs).toHaveLength(2);
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(2);
  });
});

/** Resolves once `count` backends wait on a lock (the inserts we line up), so the race is set up, not hoped for. */
async function waitForBlocked(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await testSql()`
      select count(*)::int as count from pg_stat_activity
      where wait_event_type = 'Lock' and datname = current_database() and query ilike '%insert into%projects%'
         or wait_event_type = 'Lock' and datname = current_database() and query ilike '%insert into project_members%'`;
    if (row!.count >= count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} inserts waiting on a lock, saw ${row!.count}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
