import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import type { Caches } from './caches.ts';
import { serverSecret } from './server-secrets.ts';

/**
 * Seals secrets kept at rest (destination credentials, OAuth refresh tokens) with AES-256-GCM. Each sealed value is
 * bound to what it belongs to (`purpose`, e.g. `destination:<id>:app_password`), so a value copied into another row
 * does not open there. The key is SECRETS_ENCRYPTION_KEY when set, else one the server makes once and keeps in the
 * database (like the invite signing key).
 */
export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** The plain text, or throws when the value was not sealed with this key for this purpose. */
  open(sealed: string, purpose: string): string;
}

const VERSION = 'v1';

/** The project's secret box (the key is read once per process). */
export async function secretBox(deps: {
  sql: Sql;
  caches: Pick<Caches, 'serverSecrets'>;
  config: Config;
}): Promise<SecretBox> {
  const configured = deps.config.SECRETS_ENCRYPTION_KEY;
  const key = configured
    ? createHash('sha256').update(configured).digest()
    : await serverSecret(deps.sql, deps.caches, 'secrets_encryption_key');
  return boxWithKey(key);
}

/** A box over a 32-byte key (tests and the function above). */
export function boxWithKey(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) throw new Error('not a sealed secret');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
