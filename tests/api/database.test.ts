import { describe, expect, it } from 'vitest';
import { splitSocketHost } from '../../api/db/sql.ts';
import { testDatabaseUrl, testSql } from './helpers.ts';

describe('database connection', () => {
  it('reaches the embedded database over its Unix socket, not loopback TCP', async () => {
    expect(testDatabaseUrl()).toMatch(/\?host=%2Ftmp$/);

    const [row] = await testSql()`select inet_server_addr() as address`;

    expect(row?.address).toBeNull(); // Postgres has no server address for a Unix-socket session
  });

  it("is this worker's own copy of the migrated database, so files on the other worker never see its rows", async () => {
    const worker = process.env.VITEST_POOL_ID ?? '1';

    const [row] =
      await testSql()`select current_database() as name, count(*)::int as migrations from schema_migrations`;

    expect(row?.name).toBe(`inkpilot_w${worker}`);
    expect(row?.migrations).toBeGreaterThan(0); // copied from the template after the migrations ran
  });

  it("takes libpq's ?host=/dir for a socket folder and leaves other URLs alone", () => {
    expect(splitSocketHost('postgres://u:p@127.0.0.1:5433/db?host=%2Fvar%2Frun%2Fpostgresql')).toEqual({
      url: 'postgres://u:p@127.0.0.1:5433/db',
      socketDir: '/var/run/postgresql',
    });
    expect(splitSocketHost('postgres://u:p@db.example:5432/db?sslmode=require')).toEqual({
      url: 'postgres://u:p@db.example:5432/db?sslmode=require',
    });
  });
});
