import { EMULATOR_PROJECT_ID, usesAuthEmulator } from '../../config.ts';
import { defineRoute } from '../../lib/route.ts';
import { publicConfig } from './schema.ts';

/** GET /api/public-config: what the browser needs at run time (sign-in, payments, analytics); no secrets. */
export const getPublicConfig = defineRoute({
  method: 'get',
  path: '/api/public-config',
  tag: 'Meta',
  public: true,
  summary: 'What the browser needs at run time; no secrets.',
  responses: { 200: { description: 'Public settings.', schema: publicConfig } },
  handler: (c) => {
    const { config } = c.get('deps');
    const emulator = usesAuthEmulator(config);
    const projectId = config.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID;
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({
      firebase: {
        apiKey: config.FIREBASE_API_KEY ?? 'demo-api-key',
        authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
        projectId,
        appId: config.FIREBASE_APP_ID ?? null,
      },
      auth_emulator_url: emulator
        ? `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${config.AUTH_EMULATOR_PORT}`}`
        : null,
      stripe: {
        publishable_key: config.STRIPE_PUBLISHABLE_KEY ?? null,
        pricing_table_id: config.STRIPE_PRICING_TABLE_ID ?? null,
      },
      gtm_id: config.GTM_ID ?? null,
      support_email: config.SUPPORT_EMAIL,
    });
  },
});
