import { createHash, randomBytes } from 'node:crypto';

/** A new unguessable secret (192 bits or more, URL-safe); callers keep only its hash. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * What is stored and looked up instead of a secret (invite tokens, API keys). The secrets are random and long, so a
 * plain SHA-256 is enough: there is nothing to brute-force that a slow hash would protect.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
