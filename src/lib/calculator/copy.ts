// Page text merge (spec §4): base, then country, then industry, then the country-industry pair.

export interface CopyLayer {
  hero?: { title?: string; subtitle?: string; description?: string; keywords?: string[] };
  benefits?: { title: string; description: string }[];
  faq?: { question: string; answer: string }[];
  insights?: { title: string; content: string }[];
}
export interface PageCopy {
  hero: { title: string; subtitle: string; description: string; keywords: string[] };
  benefits: { title: string; description: string }[];
  faq: { question: string; answer: string }[];
  insights: { title: string; content: string }[];
}

// Later layers add items; an item with the same key as an earlier one replaces it in place.
function appendByKey<T>(list: T[], items: T[] | undefined, key: (item: T) => string): T[] {
  const out = [...list];
  for (const item of items ?? []) {
    const at = out.findIndex((existing) => key(existing) === key(item));
    if (at >= 0) out[at] = item;
    else out.push(item);
  }
  return out;
}

// An empty line or list in a later layer means "keep the earlier one": the editor writes "" and [] for fields left
// empty, so they cannot mean "show nothing".
const given = (value: unknown) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Merges the layers in the order given (base first): hero field by field, benefits replaced, FAQ and insights added. */
export function mergeCopy(layers: CopyLayer[]): PageCopy {
  return layers.reduce<PageCopy>(
    (page, layer) => ({
      hero: { ...page.hero, ...Object.fromEntries(Object.entries(layer.hero ?? {}).filter(([, v]) => given(v))) },
      benefits: given(layer.benefits) ? layer.benefits! : page.benefits,
      faq: appendByKey(page.faq, layer.faq, (item) => item.question),
      insights: appendByKey(page.insights, layer.insights, (item) => item.title),
    }),
    { hero: { title: '', subtitle: '', description: '', keywords: [] }, benefits: [], faq: [], insights: [] },
  );
}
