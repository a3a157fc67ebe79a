// Schemas of the transcript pages' copy; src/content/_schemas/registry.ts names their files.
import { z } from 'astro/zod';
import { seoSchema } from './seo.ts';
import { template } from './text.ts';

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
    page: z
      .object({
        noSignup: text('Reassurance line under the intro'),
        popularTags: text('Heading above the popular tags'),
        moreTags: text('Link to all tags'),
        figuresLabel: text('Name of the figures section for screen readers'),
        whyUseIt: text('Heading above the features'),
        stepLabel: template('Number above each demo step', 'n'),
        steps: z.array(card).length(3, 'The demo has exactly three steps').describe('The three demo steps'),
        audiencesHeading: text('Heading above the audiences'),
        audiences: z.array(card).min(1, 'Give at least one audience').describe('Who the tool is for'),
        faqHeading: text("Heading of the alias's own FAQ"),
        moreTools: z
          .object({
            heading: text('Heading of the other tools'),
            calculatorTitle: text('Calculator card heading'),
            calculatorBody: text('Calculator card text'),
            calculatorLink: text('Calculator card link'),
            newTab: text('Screen-reader note that the link opens a new tab'),
            blogTitle: text('Blog generator card heading'),
            blogBody: text('Blog generator card text'),
            comingSoon: text('Blog generator card badge'),
          })
          .strict(),
        tagsBack: template('Link back to the tool on the tags page', 'tool'),
        tagsHeading: text('Heading of the tags page'),
        tagsIntro: text('Paragraph under the tags heading'),
      })
      .strict(),
    labels: z
      .object({
        formLabel: text('Name of the transcribe form for screen readers'),
        urlLabel: text('Name of the Reel address field for screen readers'),
        transcribe: text('Transcribe button'),
        processing: text('Transcribe button while it works'),
        transcript: text('Heading above the transcript on the tool page'),
        transcription: text('Heading above the transcript on a saved transcript page'),
        copy: text('Copy button'),
        copied: text('Copy button right after copying'),
        placeholder: text('Shown in the empty transcript box'),
        downloadJson: text('Button that downloads the transcript as a JSON file'),
      })
      .strict(),
  })
  .strict();

