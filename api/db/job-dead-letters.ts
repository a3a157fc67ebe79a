import type { Db } from './sql.ts';

/** Keeps a job that ran out of retries (job_dead_letters), for an operator to look at; pg-boss drops its own copy. */
export async function insertDeadLetter(sql: Db, queue: string, data: unknown, reason: string): Promise<void> {
  await sql`insert into job_dead_letters (queue, data, reason) values (${queue}, ${sql.json(data as never)}, ${reason})`;
}
