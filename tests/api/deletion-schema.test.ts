// Issue 22: deleting a project or an account runs each foreign key's cascade (or set null) once per deleted row; a key
// whose column has no index turns each of those into a scan of the referencing table. Every foreign key of the
// schema, those added later too, must lead an index.
import { describe, expect, it } from 'vitest';
import { testSql } from './helpers.ts';

describe('the schema deletions run over', () => {
  it('has an index led by the column of every foreign key', async () => {
    const unindexed = await testSql()<{ key: string }[]>`
      select c.conrelid::regclass::text || '.' || a.attname as key
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`;

    expect(unindexed.map((row) => row.key)).toEqual([]);
  });
});
