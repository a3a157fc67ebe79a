// Schema of the tools hub, the tool cards' labels and the coming-soon pages (src/content/tools-hub/hub.yaml).
import { z } from 'astro/zod';
import { seoSchema } from './seo.ts';
import { text } from './text.ts';

export const toolsHubSchema = z
  .object({
    seo: seoSchema,
    heading: text('Main heading of /tools'),
    intro: text('Paragraph under the heading'),
    cta: text('Button to the calculator'),
    counters: z.array(z.object({ value: text('Figure, e.g. 150+'), label: text('What the figure counts') }).strict()).length(3, 'The tools page shows exactly three counters').describe('Counters under the button'),
    allToolsHeading: text('Heading above the tool cards'),
    cards: z.object({ tryItFree: text('Button of a live tool'), notifyMe: text('Disabled button of a coming-soon tool'), comingSoon: text('Badge of a coming-soon tool') }).strict(),
    comingSoon: z
      .object({
        titleSuffix: text('Added after the tool name in the browser tab title'),
        descriptionSuffix: text('Added after the tool description in the search snippet'),
        badge: text('Badge under the heading'),
        body: text('Paragraph under the tool description'),
        calculatorLink: text('Link to the calculator'),
        allToolsLink: text('Link to the tools hub'),
      })
      .strict(),
  })
  .strict();
