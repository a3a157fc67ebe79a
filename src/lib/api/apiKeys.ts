import type { ApiKey, CreatedApiKey } from '../api-keys/schema.ts';
import { ACCOUNT_CALL, api } from './client.ts';

export type { ApiKey } from '../api-keys/schema.ts';

/** GET /api-keys. */
export function fetchApiKeys(): Promise<ApiKey[]> {
  return api.get('api-keys', ACCOUNT_CALL).json<ApiKey[]>();
}

/** POST /api-keys: the answer is the only time the secret (`key`) is ever shown. */
export function postApiKey(name: string): Promise<CreatedApiKey> {
  return api.post('api-keys', { ...ACCOUNT_CALL, json: { name } }).json();
}

/** DELETE /api-keys/{id}. */
export function deleteApiKey(id: string): Promise<{ message: string }> {
  return api.delete(`api-keys/${id}`, ACCOUNT_CALL).json();
}
