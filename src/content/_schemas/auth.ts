// Schema of the sign-in and sign-up pages (src/content/auth/signin.yaml and signup.yaml).
import { z } from 'astro/zod';
import { optionalText, text } from './text.ts';

export const authSchema = z
  .object({
    title: text('Browser tab title'),
    heading: text('Main heading'),
    lead: text('Line under the heading (also the page description)'),
    button: z
      .object({ label: text('Google button (spec: Continue with Google)'), busy: text('Google button while signing in'), loading: text('Read by screen readers while the session loads') })
      .strict()
      .describe('Google sign-in button'),
    agreement: z
      .object({ before: text('Text before the legal links'), terms: text('Terms of Service link'), and: text('Word between the two links'), privacy: text('Privacy Policy link'), after: optionalText('Text after the links, e.g. a full stop') })
      .strict()
      .describe('Line agreeing to the terms and privacy policy'),
    other: z.object({ question: text('Question pointing to the other page'), link: text('Link to the other page') }).strict().describe('Link to the other page (sign in or sign up)'),
    benefitsTitle: text('Heading of the side panel'),
    benefits: z.array(text('Benefit')).min(1, 'Give at least one benefit').describe('Benefits listed in the side panel'),
    testimonial: z
      .object({ quote: optionalText('Quote in the side panel'), author: optionalText('Who said it'), role: optionalText('Their role') })
      .strict()
      .describe('Testimonial in the side panel'),
  })
  .strict();
