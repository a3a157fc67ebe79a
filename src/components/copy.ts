// Server-side readers of the single-file copy collections; a missing file fails the build naming the file.
import { getEntry, type CollectionEntry } from 'astro:content';

type Single = 'site' | 'landing' | 'pricing' | 'toolsHub' | 'auth' | 'calculatorUi' | 'calculatorPage';

/** The data of one copy file, e.g. copyOf('site', 'site') for src/content/site/site.yaml. */
export async function copyOf<C extends Single>(collection: C, id: string): Promise<CollectionEntry<C>['data']> {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`Copy file for ${collection}/${id} is missing under src/content (see docs/editing.md)`);
  return entry.data as CollectionEntry<C>['data'];
}

export { fill } from '../lib/fill.ts';
