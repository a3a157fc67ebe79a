// Schema of the API reference page's own words (src/content/api-docs/api.md): its title, heading, the labels around
// each operation and, as the markdown body, the introduction. The operations themselves are generated from the
// routes' zod schemas (issue 16) and are not copy.
import { z } from 'astro/zod';
import { seoSchema } from './seo.ts';
import { template, text } from './text.ts';

export const apiDocsSchema = z
  .object({
    seo: seoSchema,
    heading: text('Main heading of /docs/api'),
    labels: z
      .object({
        noSignIn: text('Added after the summary of an operation that needs no sign-in'),
        parameters: text("Heading above an operation's parameters"),
        required: text('Shown after where a required parameter goes (path, query, header)'),
        body: template('Heading above the request body', 'type'),
        optional: text('Shown after an optional field of the request body'),
        answers: text('Heading above the answers'),
      })
      .strict()
      .describe('Labels around each operation'),
  })
  .strict();
