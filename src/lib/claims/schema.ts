import { z } from 'zod';

/**
 * How a claim of a post stands against its source: `supported` (the number, quote or name appears in the cited
 * source's text), `unsupported` (the cited source lacks it, or could not be read), `uncited` (no source is cited).
 */
export const claimState = z.enum(['supported', 'unsupported', 'uncited']);
export type ClaimState = z.infer<typeof claimState>;

export const claimKind = z.enum(['number', 'statistic', 'quote', 'named']);
export type ClaimKind = z.infer<typeof claimKind>;

/** One checkable claim of a post; `start`/`end` are character offsets in the post's markdown. */
export const claim = z.object({
  id: z.string(),
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  kind: claimKind,
  state: claimState,
  source_url: z.string().nullable(),
  source_title: z.string().nullable(),
  passage: z.string().nullable().describe('The passage of the cited source that backs the claim, or comes closest.'),
  reason: z.string().describe('Why the claim has its state, in words a writer can act on.'),
});
export type Claim = z.infer<typeof claim>;
