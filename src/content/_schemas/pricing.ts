// Schema of the plans and the pricing page (src/content/pricing/pricing.yaml); the saving is computed from the prices.
import { z } from 'astro/zod';
import { savingMismatch } from '../../data/plans.ts';
import { seoSchema } from './seo.ts';
import { optionalText, template, text } from './text.ts';

const price = (what: string) => z.number().int(`${what} must be a whole number of dollars`).min(0, `${what} cannot be negative`).describe(`${what} (whole US dollars)`);

const plan = z
  .object({
    id: z.enum(['free', 'starter', 'pro', 'scale']).describe('Which plan this is (fixed by the product; do not rename)'),
    name: text('Plan name'),
    monthly: price('Price per month'),
    annually: price('Price per year'),
    originalMonthly: price('Crossed-out monthly price (0 for none)'),
    description: text('One line under the plan name'),
    features: z.array(z.object({ text: text('Feature'), tooltip: text('Explanation shown when the ? is clicked') }).strict()).min(1, 'Give each plan at least one feature').describe('Features listed on the card'),
    cta: text('Button label'),
    popular: z.boolean().describe('Highlight this card as the most popular'),
    badge: optionalText('Badge above the card'),
    valueContext: optionalText('Line under the price'),
    scarcity: z.boolean().describe('Show the line under the price in red, as an urgency message'),
  })
  .strict();

export const pricingSchema = z
  .object({
    seo: seoSchema,
    heading: text('Main heading of /pricing'),
    intro: text('Paragraph under the heading'),
    plansHeading: text('Heading of the plans for screen readers, and of the pricing section on the landing page'),
    billing: z
      .object({
        label: text('Name of the billing switch for screen readers'),
        monthly: text('Monthly billing button'),
        annually: text('Annual billing button'),
        perMonth: text('Shown after a monthly price, e.g. /month'),
        perYear: text('Shown after a yearly price, e.g. /year'),
        saving: template('Annual saving label', 'percent'),
        monthsFree: text('Second label beside the billing switch'),
      })
      .strict()
      .describe('Monthly or annual billing switch'),
    tooltip: z
      .object({
        title: text('Heading of the feature explanation before a feature is chosen'),
        close: text('Button that closes the explanation'),
        about: template('Screen-reader name of each ? button', 'feature'),
      })
      .strict()
      .describe('Feature explanations (the ? buttons)'),
    loadingPayment: text('Shown to signed-in visitors while the payment options load, and when payments are not set up'),
    checkout: z
      .object({
        opening: text('A plan button while it opens the payment page'),
        unavailable: text('A plan button when that plan cannot be bought with the chosen billing period'),
        failed: text('Shown when the payment page could not be opened and the server gave no reason'),
      })
      .strict()
      .describe('Buying a plan when signed in (the plan buttons open the payment page)'),
    plans: z
      .array(plan)
      .length(4, 'There are exactly four plans: free, starter, pro and scale')
      .refine((plans) => new Set(plans.map((item) => item.id)).size === 4, { message: 'Each plan id (free, starter, pro, scale) appears once' })
      .superRefine((plans, context) => {
        const mismatch = savingMismatch(plans);
        if (mismatch) context.addIssue({ code: 'custom', path: [mismatch.index, 'annually'], message: mismatch.message });
      })
      .describe('The four plans, in the order the cards show'),
  })
  .strict();
