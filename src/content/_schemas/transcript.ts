// Schemas of the transcript pages' copy; src/content/_schemas/registry.ts names their files.
import { z } from 'astro/zod';
import { seoSchema } from './seo.ts';

const text = (what: string) => z.string().min(1, `${what} must not be empty`).describe(what);
const faqItem = z.object({ question: text('FAQ question'), answer: text('FAQ answer (plain text)') }).strict();
const card = z.object({ title: text('Feature heading'), body: text('Feature text') }).strict();

/** Copy of one transcriber alias (spec §2.2): the file name is the alias id, e.g. reel-transcript.yaml. */
export const transcriptSchema = z
  .object({
    seo: seoSchema,
    title: text('Main heading of the tool page'),
    subtitle: text('Line under the heading'),
    description: text('Paragraph under the subtitle'),
    features: z.array(card).length(4, 'Each alias has exactly four features'),
    demoHeading: text('Heading of the 3-step demo'),
    stats: z.array(z.object({ value: text('Figure, e.g. 99%'), label: text('What the figure means') }).strict()).length(4, 'Each alias has exactly four stats'),
    faq: z.array(faqItem).min(3, 'Give at least three FAQ items').describe("This alias's own FAQ: one item open at a time"),
  })
  .strict();

/** Copy every alias shares (src/content/transcript-shared/shared.yaml): the shared FAQ and the transcriber's labels. */
export const transcriptSharedSchema = z
  .object({
    faq: z
      .object({
        title: text('Heading of the shared FAQ'),
        items: z.array(faqItem).min(1, 'Give at least one shared FAQ item').describe('Questions shown on every alias; several can be open at once'),
      })
      .strict(),
    labels: z.object({ downloadJson: text('Button that downloads the transcript as a JSON file') }).strict(),
  })
  .strict();

