import { z } from 'zod';

const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number from 1 to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message });
};

export const pageQuery = z.object({
  page: wholeNumber('page', 100_000).default(1),
  limit: wholeNumber('limit', 50).default(20),
});

export const tagParam = z.object({ tag: z.string() });
export const slugParam = z.object({ slug: z.string() });
