// Loads the markdown layers that apply to a variant, in merge order (spec §4 page text merge priority).
import { getCollection, type CollectionEntry } from 'astro:content';
import { mergeCopy, type PageCopy } from '../../../lib/calculator/copy.ts';

export type CopyEntry = CollectionEntry<'calculatorCopy'>;

const RANK = { base: 0, country: 1, industry: 2, pair: 3 } as const;

/** The base, country, industry and pair files for this page, base first. */
export async function copyLayers(country?: string, industry?: string): Promise<CopyEntry[]> {
  const all = await getCollection('calculatorCopy');
  return all
    .filter(({ data: d }) =>
      d.scope === 'base' ||
      (d.scope === 'country' && d.country === country) ||
      (d.scope === 'industry' && d.industry === industry) ||
      (d.scope === 'pair' && d.country === country && d.industry === industry))
    .sort((a, b) => RANK[a.data.scope] - RANK[b.data.scope]);
}

/** The merged page copy for a variant. */
export function mergedCopy(layers: CopyEntry[]): PageCopy {
  return mergeCopy(layers.map((entry) => entry.data));
}
