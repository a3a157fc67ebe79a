import { hashSecret, newSecret } from '../../lib/secret-token.ts';

/** Every key starts with this, so the auth middleware tells a key from a Firebase ID token (a JWT) at a glance. */
export const API_KEY_MARK = 'ink_';
/** How much of a key is kept in clear and shown in lists: the mark and 8 characters, enough to tell keys apart. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;

/** A new key: the secret the caller sees once, its visible prefix and the hash that is stored. */
export function mintApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_MARK}${newSecret(32)}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), keyHash: hashSecret(key) };
}

/** Whether a bearer credential is an API key rather than a sign-in token. */
export function isApiKey(credential: string): boolean {
  return credential.startsWith(API_KEY_MARK);
}
