import { nanoquery } from '@nanostores/query';
import { api } from '../api/client.ts';

// The workspace's fetcher layer (DESIGN.md): server data screens show is read through these stores, keyed by the
// API path, so screens share one cache and a write revalidates every screen showing the same data.
export const [createFetcherStore, createMutatorStore, { revalidateKeys, invalidateKeys, mutateCache }] = nanoquery({
  fetcher: (...parts) => api.get(parts.join('')).json(),
  dedupeTime: 2_000,
});
