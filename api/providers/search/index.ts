import type { Config } from '../../config.ts';

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchProvider {
  name: string;
  search(query: string, limit: number): Promise<SearchHit[]>;
}

/** A search provider that answered with an error; the run retries the node. */
export class SearchError extends Error {}

type SearchConfig = Pick<Config, 'SEARCH_PROVIDER' | 'SEARCH_BASE_URL' | 'SEARCH_API_KEY' | 'FETCH_TIMEOUT_MS'>;

const DEFAULT_BASE: Record<string, string> = {
  brave: 'https://api.search.brave.com',
  tavily: 'https://api.tavily.com',
};

/** The configured web search (SearXNG, Brave or Tavily), or null when none is: the search block is then skipped. */
export function searchProvider(config: SearchConfig): SearchProvider | null {
  const kind = config.SEARCH_PROVIDER;
  if (!kind) return null;
  const base = (config.SEARCH_BASE_URL ?? DEFAULT_BASE[kind] ?? '').replace(/\/+$/, '');
  if (!base) return null;
  const key = config.SEARCH_API_KEY ?? '';
  const timeout = () => AbortSignal.timeout(config.FETCH_TIMEOUT_MS);
  const json = async (response: Response) => {
    if (!response.ok) throw new SearchError(`The ${kind} search answered ${response.status}.`);
    return (await response.json()) as any;
  };
  const clean = (hits: SearchHit[], limit: number) =>
    hits
      .filter((hit) => /^https?:\/\//.test(hit.url))
      .slice(0, limit)
      .map((hit) => ({ title: String(hit.title ?? ''), url: hit.url, snippet: String(hit.snippet ?? '') }));

  if (kind === 'searxng') {
    return {
      name: kind,
      async search(query, limit) {
        const body = await json(
          await fetch(`${base}/search?format=json&q=${encodeURIComponent(query)}`, { signal: timeout() }),
        );
        return clean(
          (body.results ?? []).map((hit: any) => ({ title: hit.title, url: hit.url, snippet: hit.content })),
          limit,
        );
      },
    };
  }
  if (kind === 'brave') {
    return {
      name: kind,
      async search(query, limit) {
        const body = await json(
          await fetch(`${base}/res/v1/web/search?count=${limit}&q=${encodeURIComponent(query)}`, {
            headers: { accept: 'application/json', 'x-subscription-token': key },
            signal: timeout(),
          }),
        );
        return clean(
          (body.web?.results ?? []).map((hit: any) => ({ title: hit.title, url: hit.url, snippet: hit.description })),
          limit,
        );
      },
    };
  }
  return {
    name: kind,
    async search(query, limit) {
      const body = await json(
        await fetch(`${base}/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ query, max_results: limit }),
          signal: timeout(),
        }),
      );
      return clean(
        (body.results ?? []).map((hit: any) => ({ title: hit.title, url: hit.url, snippet: hit.content })),
        limit,
      );
    },
  };
}
