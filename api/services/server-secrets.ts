import { randomBytes } from 'node:crypto';
import { insertServerSecret, selectServerSecret } from '../db/server-secrets.ts';
import type { Sql } from '../db/sql.ts';
import type { Caches } from './caches.ts';

/**
 * A secret the server makes for itself the first time any process needs it, stored in `server_secrets` (migration
 * 0022) so every process and every restart uses the same one; read once per process. Replacing it means deleting
 * its row and restarting every process.
 */
export function serverSecret(sql: Sql, caches: Pick<Caches, 'serverSecrets'>, name: string): Promise<Buffer> {
  let secret = caches.serverSecrets.get(name);
  if (!secret) {
    secret = readOrCreate(sql, name);
    caches.serverSecrets.set(name, secret);
    secret.catch(() => caches.serverSecrets.delete(name)); // a failed read is tried again by the next request
  }
  return secret;
}

async function readOrCreate(sql: Sql, name: string): Promise<Buffer> {
  await insertServerSecret(sql, name, randomBytes(32).toString('base64url'));
  const secret = await selectServerSecret(sql, name);
  if (!secret) throw new Error(`server secret ${name} vanished`);
  return Buffer.from(secret, 'base64url');
}
