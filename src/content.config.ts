// Content collections, built from the one list in src/content/_schemas/registry.ts (also read by keystatic.config.ts).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import type { z } from 'astro/zod';
import { AREAS, areaPattern, type ContentArea } from './content/_schemas/registry.ts';

function collection<S extends z.ZodType>(area: ContentArea & { schema: S }) {
  return defineCollection({
    loader: glob({ pattern: areaPattern(area), base: `./src/content/${area.dir}` }),
    schema: area.schema,
  });
}

export const collections = {
  site: collection(AREAS.site),
  landing: collection(AREAS.landing),
  pricing: collection(AREAS.pricing),
  auth: collection(AREAS.auth),
  toolsHub: collection(AREAS.toolsHub),
  tools: collection(AREAS.tools),
  legal: collection(AREAS.legal),
  updates: collection(AREAS.updates),
  transcript: collection(AREAS.transcript),
  transcriptShared: collection(AREAS.transcriptShared),
  apiDocs: collection(AREAS.apiDocs),
  calculatorUi: collection(AREAS.calculatorUi),
  calculatorPage: collection(AREAS.calculatorPage),
  calculatorBase: collection(AREAS.calculatorBase),
  calculatorCountries: collection(AREAS.calculatorCountries),
  calculatorIndustries: collection(AREAS.calculatorIndustries),
  calculatorPairs: collection(AREAS.calculatorPairs),
};
