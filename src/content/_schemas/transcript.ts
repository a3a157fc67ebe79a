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
    features: z.array(card).length(4, 'Each alias has exactly four features').describe('The four features'),
    demoHeading: text('Heading of the 3-step demo'),
    stats: z
      .array(z.object({ value: text('Figure, e.g. 99%'), label: text('What the figure means') }).strict())
      .length(4, 'Each alias has exactly four stats')
      .describe('The four figures'),
    faq: z.array(faqItem).min(3, 'Give at least three FAQ items').describe("This alias's own FAQ: one item open at a time"),
  })
  .strict();

/** Wordings of a browser tab title or search snippet, longest first: the page takes the first that fits the search-result limit. */
const wordings = (what: string, ...placeholders: [string, ...string[]]) =>
  z
    .array(template(what, ...placeholders))
    .min(1, `Give at least one wording of the ${what.toLowerCase()}`)
    .describe(`${what}: wordings, longest first; the page uses the first that fits (the last one shortens the name to fit)`);

/** Copy every alias shares (src/content/transcript-shared/shared.yaml): the shared FAQ, the transcriber's labels, and the pages made from saved transcripts (detail, tag pages, tag index). */
export const transcriptSharedSchema = z
  .object({
    faq: z
      .object({
        title: text('Heading of the shared FAQ'),
        items: z.array(faqItem).min(1, 'Give at least one shared FAQ item').describe('Questions shown on every alias; several can be open at once'),
      })
      .strict()
      .describe('Shared FAQ'),
    page: z
      .object({
        noSignup: text('Reassurance line under the intro'),
        popularTags: text('Heading above the popular tags'),
        moreTags: text('Link to all tags'),
        tagCount: template("Screen-reader note after each popular tag: how many transcriptions have it", 'count'),
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
          .strict()
          .describe('More Helpful Tools'),
        tagsBack: template('Link back to the tool on the tags page', 'tool'),
        tagsHeading: text('Heading of the tags page'),
        tagsIntro: text('Paragraph under the tags heading'),
      })
      .strict()
      .describe('Tool page and tag index page'),
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
        urlPlaceholder: text('Example address shown in the empty Reel field'),
      })
      .strict()
      .describe('Transcribe form and transcript box'),
    detail: z
      .object({
        backLink: text('Link back to the tool (spec: Back to Instagram Transcript Tool)'),
        untitled: text('Heading of a Reel that has no title'),
        transcribed: text('Label before the date the Reel was transcribed'),
        embedTitle: text('Name of the embedded post for screen readers'),
        noEmbed: text('Shown when the post cannot be embedded (spec wording)'),
        viewOnInstagram: text('Link to the post on Instagram'),
        tagsLabel: text("Name of the Reel's tag list for screen readers"),
        anotherHeading: text('Heading of the box inviting to transcribe another Reel'),
        anotherBody: template('Text of that box', 'tool'),
        tryTool: text('Button to the tool'),
        notFoundHeading: text('Heading when the transcription does not exist (spec: Transcription Not Found)'),
        notFoundBody: text('Text under that heading'),
      })
      .strict()
      .describe('Saved transcript page (/insta-transcript/<slug>)'),
    tagPage: z
      .object({
        allTags: text('Link back to the tag index'),
        showing: template('Count above the cards', 'shown', 'total'),
        pagesLabel: text('Name of the page buttons for screen readers'),
        previous: text('Previous page button'),
        next: text('Next page button'),
        emptyHeading: text('Heading when no transcription has the tag, or they failed to load (spec: No Transcriptions Found)'),
        emptyBody: template('Text under that heading', 'tag'),
        transcribeLink: text('Button to the tool under that text'),
      })
      .strict()
      .describe('Tag page (/insta-transcript/tags/<tag>)'),
    tagIndex: z
      .object({
        uniqueTags: text('Insight card: number of different tags'),
        totalUses: text('Insight card: times tags were used'),
        mostPopular: text('Insight card: the most used tag'),
        averageUses: text('Insight card: average uses per tag'),
        searchLabel: text('Name of the search box for screen readers'),
        searchPlaceholder: text('Shown in the empty search box (spec: Search tags...)'),
        allTags: template('Heading above the tags (spec: All Tags (n))', 'n'),
        used: template('Dates under each tag', 'first', 'last'),
        loading: text('Read by screen readers while the tags load'),
        failedHeading: text('Heading when the tags failed to load (spec: Failed to Load Tags)'),
        tryAgain: text('Button that reloads the page after a failure'),
      })
      .strict()
      .describe('Tag index (/insta-transcript/tags): what loads in the browser'),
    meta: z
      .object({
        detailTitles: wordings('Browser tab title of a saved transcript', 'title'),
        detailIntro: template('Search snippet start of a saved transcript with few words', 'title'),
        detailIntroUntitled: text('The same for a Reel without a title'),
        detailShort: template('Search snippet of a saved transcript with few words (a long one shows its own words)', 'intro', 'words'),
        noWords: text('Put for the words when the Reel has none'),
        notFound: seoSchema.describe('Browser tab title and search snippet of the not-found transcript page'),
        tagTitles: wordings('Browser tab title of a tag page', 'tag', 'page'),
        tagTitlePage: template('Page number in a tag page title, from page 2 on', 'n'),
        tagDescriptions: wordings('Search snippet of a tag page', 'tag', 'page'),
        tagDescriptionPage: template('Page number in a tag page snippet, from page 2 on', 'n'),
        tagIndexTitles: z.array(text('Title wording')).min(1, 'Give at least one wording').describe('Browser tab title of the tag index: wordings, longest first; {tool} is the tool name'),
        tagIndexDescriptions: z.array(text('Snippet wording')).min(1, 'Give at least one wording').describe('Search snippet of the tag index: wordings, longest first; {tool} is the tool name'),
      })
      .strict()
      .describe('Browser tab titles and search snippets of the saved transcript, tag and tag index pages'),
  })
  .strict();

