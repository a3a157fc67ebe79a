// Insight selection (spec §4): the country-and-industry record overrides the generic industry data field
// by field; generic data fills anything missing.
import type { InsightContent, InsightRecord } from '../../data/calculator/types.ts';

const FIELDS = ['stats', 'keywords', 'contentIdeas', 'linkBuilding'] as const;

/** Generic industry insights with each field the local record has (and is non-empty) taken from it. */
export function selectInsights(generic: InsightContent, local: InsightRecord | undefined): InsightContent {
  const merged: InsightContent = { ...generic };
  for (const field of FIELDS) {
    const value = local?.[field];
    if (value && value.length > 0) (merged[field] as unknown[]) = value;
  }
  return merged;
}
