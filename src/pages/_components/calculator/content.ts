// Loads the calculator's content files (src/content/calculator, calculator-page) once per build for all ~220
// variant pages; in dev every request reads them again, so an edit shows on reload.
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { mergeCopy, type PageCopy } from '../../../lib/calculator/copy.ts';
import { calculatorWords, type CalculatorWords } from '../../../lib/calculator/content.ts';
import { copyOf } from '../../../components/copy.ts';

export type CopyEntry = CollectionEntry<
  'calculatorBase' | 'calculatorCountries' | 'calculatorIndustries' | 'calculatorPairs'
>;

interface Loaded {
  words: CalculatorWords;
  base: CopyEntry;
  countries: Map<string, CopyEntry>;
  industries: Map<string, CopyEntry>;
  pairs: Map<string, CopyEntry>;
}

async function load(): Promise<Loaded> {
  const [base, page, countries, industries, pairs] = await Promise.all([
    getEntry('calculatorBase', 'base'),
    copyOf('calculatorPage', 'page'),
    getCollection('calculatorCountries'),
    getCollection('calculatorIndustries'),
    getCollection('calculatorPairs'),
  ]);
  if (!base)
    throw new Error(
      'src/content/calculator/base.md is missing: every calculator page starts from it (see docs/editing.md)',
    );
  const words = calculatorWords({ base: base.data, page, countries, industries, pairs });
  const byId = (entries: CopyEntry[]) => new Map(entries.map((entry) => [entry.id, entry]));
  return { words, base, countries: byId(countries), industries: byId(industries), pairs: byId(pairs) };
}

let loaded: Promise<Loaded> | undefined;

/** The calculator's files and words; one read per build. */
export function calculatorContent(): Promise<Loaded> {
  if (import.meta.env.DEV) return load();
  return (loaded ??= load());
}

/** The base, country, industry and pair files for this page, base first (spec §4 page text merge priority). */
export function copyLayers(
  { base, countries, industries, pairs }: Loaded,
  country?: string,
  industry?: string,
): CopyEntry[] {
  const layers = [
    base,
    country && countries.get(country),
    industry && industries.get(industry),
    country && industry && pairs.get(`${industry}-${country}`),
  ];
  return layers.filter((entry): entry is CopyEntry => Boolean(entry));
}

/** The merged page copy for a variant. */
export function mergedCopy(layers: CopyEntry[]): PageCopy {
  return mergeCopy(layers.map((entry) => entry.data));
}
