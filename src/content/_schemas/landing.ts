// Schemas of the landing, legal, tools hub and updates copy; src/content/_schemas/registry.ts names their files.
import { z } from 'astro/zod';
import { seoDescription, seoSchema } from './seo.ts';
import { optionalText, template, text } from './text.ts';

const card = z.object({ title: text('Card heading'), body: text('Card text') }).strict();
const faqItem = z.object({ question: text('FAQ question'), answer: text('FAQ answer (plain text)') }).strict();

export const landingSchema = z
  .object({
    seo: seoSchema,
    hero: z
      .object({
        eyebrow: text('Small line above the heading'),
        title: text('Main heading'),
        subtitle: text('Paragraph under the heading'),
        claim: text('Social-proof line (spec claim: 13k+ articles created)'),
        joinWithGoogle: text('Button: Google sign-in'),
        mainCta: text('Main call-to-action button (opens Google sign-in)'),
        consoleCta: text('Button shown instead when signed in'),
        slidesLabel: text('Line above the rotating sample articles'),
        slides: z
          .array(z.object({ title: text('Sample article title'), status: z.enum(['Published', 'Unpublished']).describe('Sample status') }).strict())
          .min(2)
          .describe('Rotating sample articles'),
      })
      .strict()
      .describe('Hero: the top of the page'),
    audit: z
      .object({
        title: text('SEO audit heading'),
        body: text('SEO audit text'),
        urlLabel: text('Name of the website field for screen readers'),
        analyze: text('Audit button'),
        analyzing: text('Audit button while the audit runs'),
        urlPlaceholder: text('Example address shown in the empty website field'),
        blindspotsTitle: text('Competitor teaser heading'),
        competitorLabel: text('Name of the competitor field for screen readers'),
        blindspotsButton: text('Competitor button'),
        competitorPlaceholder: text('Example address shown in the empty competitor field'),
      })
      .strict()
      .describe('SEO audit form and competitor teaser'),
    howItWorks: z.object({ title: text('Section heading'), steps: z.array(card).length(3, 'How it works has exactly 3 steps').describe('The three steps') }).strict().describe('How it works'),
    workflow: z
      .object({ title: text('Section heading'), intro: text('Section intro'), stepLabel: template('Number above each step', 'n'), steps: z.array(card).min(1).describe('Steps of the AI workflow') })
      .strict()
      .describe('How the AI works'),
    personas: z.object({ title: text('Section heading'), items: z.array(card).min(1).describe('Who it is for') }).strict().describe('Personas'),
    comparison: z
      .object({
        title: text('Section heading'),
        columns: z.array(text('Column heading')).length(3, 'Comparison has a label column and two product columns').describe('Column headings'),
        rows: z.array(z.array(text('Cell')).length(3)).min(1).describe('Rows of three cells'),
      })
      .strict()
      .describe('Comparison table'),
    features: z
      .object({ title: text('Features heading'), speedLine: text('Line before the rotating browser names'), items: z.array(card.extend({ id: text('Anchor id') }).strict()).min(1).describe('Feature cards') })
      .strict()
      .describe('Features'),
    browsers: z.array(text('Browser name shown in the speed rotation')).min(2).describe('Browser names of the speed rotation'),
    cost: z
      .object({
        title: text('Section heading'),
        old: z.object({ label: text('Column title'), items: z.array(text('Line')).describe('Lines') }).strict().describe('The old way'),
        new: z.object({ label: text('Column title'), items: z.array(text('Line')).describe('Lines') }).strict().describe('With Inkpilot'),
      })
      .strict()
      .describe('Cost comparison'),
    freeTools: z.object({ title: text('Section heading'), seeAll: text('Link to the tools hub') }).strict().describe('Free tools'),
    trustedBy: z.object({ title: text('Section heading'), names: z.array(text('Audience name')).min(2).describe('Audience names') }).strict().describe('Trusted by'),
    faq: z.object({ title: text('Section heading'), items: z.array(faqItem).min(1).describe('Questions and answers') }).strict().describe('FAQ'),
    testimonials: z
      .object({
        title: text('Section heading'),
        rating: text('Rating claim (spec: 4.9 out of 5)'),
        items: z
          .array(z.object({ quote: text('Quote'), name: text('Who said it'), title: text('Their role'), company: optionalText('Company') }).strict())
          .min(1)
          .describe('Testimonials'),
      })
      .strict()
      .describe('Testimonials'),
    finalCta: z
      .object({ title: text('Heading'), body: text('Text'), primary: text('Button to sign up'), secondary: text('Button to the free tools') })
      .strict()
      .describe('Closing call to action'),
  })
  .strict();

export const legalSchema = z.object({ title: text('Page heading'), description: seoDescription('Search result snippet'), sections: z.number().int().describe('Number of ## sections the page must have') }).strict();

export const toolSchema = z
  .object({
    order: z.number().int().describe('Position on the tools hub'),
    title: text('Tool name'),
    description: text('What the tool does'),
    link: z
      .string()
      .refine((value) => value === '' || value.startsWith('/'), { message: 'Tool links are site paths starting with /' })
      .optional()
      .describe('Route of the tool; leave empty for the Reel transcriber, whose route is the INSTA_TRANSCRIPT_ROUTE constant'),
    status: z.enum(['live', 'coming-soon']).describe('live shows Try It Free; coming-soon shows a disabled Notify Me'),
    results: text('Short outcome line on the card'),
  })
  .strict();

export const updateSchema = z.object({ title: text('Update title'), date: z.coerce.date().describe('Release date (YYYY-MM-DD)') }).strict();

