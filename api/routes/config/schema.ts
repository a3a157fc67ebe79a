import { z } from 'zod';

/** GET /api/public-config: what the browser needs at run time; no secrets. */
export const publicConfig = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
    appId: z.string().nullable(),
  }),
  auth_emulator_url: z.string().nullable(),
  stripe: z.object({ publishable_key: z.string().nullable(), pricing_table_id: z.string().nullable() }),
  gtm_id: z.string().nullable(),
  support_email: z.string(),
});
