import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql } from './sql.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 7_246_915_001; // any constant shared by every process of this app

/**
 * Applies each numbered .sql file once, in order, under an advisory lock so concurrent starts do not race.
 * `through` ('0019') stops after that number: tests use it to put data in an older schema before a migration.
 */
export async function migrate(
  sql: Sql,
  log: (line: string) => void = () => {},
  options: { through?: string } = {},
): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((name) => /^\d{4}_.+\.sql$/.test(name) && (!options.through || name.slice(0, 4) <= options.through))
    .sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx<{ name: string }[]>`select name from schema_migrations`).map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.unsafe(await readFile(MIGRATIONS_DIR + name, 'utf8'));
      await tx`insert into schema_migrations ${tx({ name }, 'name')}`;
      applied.push(name);
      log(`migration applied: ${name}`);
    }
  });
  return applied;
}
