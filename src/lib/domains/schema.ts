import { z } from 'zod';

/** A project's blog address and custom domain with its state and the DNS records to create. */
export const customDomain = z.object({
  domain: z.string().nullable(),
  status: z.enum(['pending', 'verified']).nullable(),
  base_path: z.string(),
  blog_url: z.string(),
  records: z.array(z.object({ type: z.enum(['CNAME', 'TXT']), name: z.string(), value: z.string() })),
  checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  message: z.string().optional(),
});
export type CustomDomain = z.infer<typeof customDomain>;
