// Schema of the calculator pages' copy; src/content/_schemas/registry.ts names its files.
// One markdown file per layer: base, a country, an industry, or a country-industry pair. The page merges
// base → country → industry → pair; the markdown body is an extra paragraph shown in "About local SEO".
import { z } from 'astro/zod';

const text = (what: string) => z.string().min(1, `${what} must not be empty`).describe(what);

export const calculatorCopySchema = z
  .object({
    scope: z.enum(['base', 'country', 'industry', 'pair']).describe('Which pages this file applies to'),
    country: z.string().regex(/^[a-z]{2}$/, 'Use a two-letter country code such as de').optional().describe('Country code (scope country or pair)'),
    industry: z.string().optional().describe('Industry code such as healthcare (scope industry or pair)'),
    hero: z
      .object({
        title: text('Main heading').optional(),
        subtitle: text('Line under the heading').optional(),
        description: text('Intro sentence').optional(),
        keywords: z.array(z.string()).optional().describe('Search phrases this page targets (meta keywords)'),
      })
      .strict()
      .optional()
      .describe('Top of the page (each line replaces the one of earlier layers)'),
    benefits: z.array(z.object({ title: text('Benefit heading'), description: text('Benefit text') }).strict()).optional().describe('Replaces the benefits of earlier layers'),
    faq: z.array(z.object({ question: text('FAQ question'), answer: text('FAQ answer (plain text)') }).strict()).optional().describe('Added to the FAQ of earlier layers'),
    insights: z.array(z.object({ title: text('Insight heading'), content: text('Insight text') }).strict()).optional().describe('Added to the insights of earlier layers'),
  })
  .strict()
  .refine((d) => (d.scope === 'country' || d.scope === 'pair' ? Boolean(d.country) : true), { message: 'A country or pair file needs a country code' })
  .refine((d) => (d.scope === 'industry' || d.scope === 'pair' ? Boolean(d.industry) : true), { message: 'An industry or pair file needs an industry code' });

