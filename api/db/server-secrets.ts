import type { Db } from './sql.ts';

// server_secrets: secrets the server makes for itself (api/services/server-secrets.ts); no service owns the table.

/** Stores a new secret under a name unless one is there already (the first process to ask wins). */
export async function insertServerSecret(sql: Db, name: string, secret: string): Promise<void> {
  await sql`insert into server_secrets (name, secret) values (${name}, ${secret}) on conflict (name) do nothing`;
}

/** The secret stored under a name, or undefined. */
export async function selectServerSecret(sql: Db, name: string): Promise<string | undefined> {
  const [row]: [{ secret: string }?] = await sql`select secret from server_secrets where name = ${name}`;
  return row?.secret;
}
