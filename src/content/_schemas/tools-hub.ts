// Schema of the tools hub, the tool cards' labels and the coming-soon pages (src/content/tools-hub/hub.yaml).
import { z } from 'astro/zod';
import { seoSchema } from './seo.ts';
import { template, text } from './text.ts';

export const toolsHubSchema = z
  .object({
    seo: seoSchema,
    heading: text('Main heading of /tools'),
    intro: text('Paragraph under the heading'),
    cta: text('Button to the calculator'),
    counters: z.array(z.object({ value: text('Figure, e.g. 150+'), label: text('What the figure counts') }).strict()).length(3, 'The tools page shows exactly three counters').describe('Counters under the button'),
    allToolsHeading: text('Heading above the tool cards'),
    cards: z
      .object({
        tryItFree: text('Button of a live tool'),
        tryItFreeLabel: template('Screen-reader name of that button, naming the tool', 'tool'),
        notifyMe: text('Disabled button of a coming-soon tool'),
        comingSoon: text('Badge of a coming-soon tool'),
      })
      .strict()
      .describe('Tool cards (also on the landing page)'),
    comingSoon: z
      .object({
        title: template('Browser tab title of a coming-soon page', 'tool'),
        description: template('Search snippet of a coming-soon page, after the tool description', 'description'),
        badge: text('Badge under the heading'),
        body: text('Paragraph under the tool description'),
        calculatorLink: text('Link to the calculator'),
        allToolsLink: text('Link to the tools hub'),
      })
      .strict()
      .describe('Coming-soon pages of planned tools'),
  })
  .strict();
