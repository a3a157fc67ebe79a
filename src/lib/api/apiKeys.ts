import { ACCOUNT_CALL, api } from './client.ts';

/** An API key as its owner sees it in Settings: never its secret. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api-keys. */
export function fetchApiKeys(): Promise<ApiKey[]> {
  return api.get('api-keys', ACCOUNT_CALL).json<ApiKey[]>();
}

/** POST /api-keys: the answer is the only time the secret (`key`) is ever shown. */
export function postApiKey(name: string): Promise<ApiKey & { key: string }> {
  return api.post('api-keys', { ...ACCOUNT_CALL, json: { name } }).json();
}

/** DELETE /api-keys/{id}. */
export function deleteApiKey(id: string): Promise<{ message: string }> {
  return api.delete(`api-keys/${id}`, ACCOUNT_CALL).json();
}
