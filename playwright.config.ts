import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4517);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: Boolean(process.env.CI),
  // Two workers share the one app server below, each taking whole files (a file's tests stay in order, in one worker,
  // unless the file opts into parallel mode). Files are independent: tests/e2e/README.md has the rule.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Accounts every worker shares are made once before the workers start, so no two first sign-ins race.
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, dependencies: ['setup'] },
  ],
  webServer: [
    {
      // Loopback fakes of Instagram and speech-to-text for the transcriber pages, the demo website for brand guides, an
      // images server for covers (a prompt mentioning "unpaintable" fails, so a post's generation can fail for real),
      // and Stripe for buying a plan (its checkout page posts signed events to the app's webhook). Stripe listens on TCP
      // port +104; the fake DNS server a browser test starts uses UDP +104.
      command: `"${process.execPath}" tests/fixtures/start.mjs`,
      url: `http://127.0.0.1:${port + 100}/__health`,
      reuseExistingServer: false,
      env: {
        INSTAGRAM_FIXTURE_PORT: String(port + 100),
        STT_FIXTURE_PORT: String(port + 101),
        DEMO_SITE_PORT: String(port + 102),
        IMAGES_FIXTURE_PORT: String(port + 103),
        STRIPE_FIXTURE_PORT: String(port + 104),
        STRIPE_FIXTURE_WEBHOOK_URL: `${baseURL}/api/billing/stripe/webhook`,
      },
    },
    {
      command: `"${process.execPath}" scripts/e2e-server.mjs`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: `.data-e2e-${port}`,
        EMBEDDED_PG_PORT: String(port + 50_000 > 65_000 ? 54517 : port + 50_000),
        AUTH_EMULATOR_PORT: String(port + 4_000),
        ADMIN_EMAILS: 'admin@example.com',
        NODE_ENV: 'test', // FETCH_ALLOW_LOOPBACK=true is refused anywhere else
        FETCH_ALLOW_LOOPBACK: 'true',
        INSTAGRAM_BASE_URL: `http://127.0.0.1:${port + 100}`,
        STT_BASE_URL: `http://127.0.0.1:${port + 101}/v1`,
        STT_API_KEY: 'test-stt-key',
        IMAGES_BASE_URL: `http://127.0.0.1:${port + 103}/v1`,
        IMAGES_API_KEY: 'test-images-key',
        IMAGES_MODEL: 'fake-images',
        // Video thumbnails come from the fake YouTube beside the images fixture. No YOUTUBE_API_KEY: runs skip the video
        // block (no source), as on a machine without one; tests/api/video-embed.test.ts runs it against the fake.
        YOUTUBE_THUMBNAIL_BASE_URL: `http://127.0.0.1:${port + 103}`,
        // Custom-domain checks ask the fake DNS server a browser test starts on this UDP port (tests/fixtures/fake-dns).
        DNS_SERVERS: `127.0.0.1:${port + 104}`,
        // Buying a plan goes to the fake Stripe (tests/fixtures/stripe): monthly and annual prices of each paid plan.
        STRIPE_SECRET_KEY: 'sk_test_fixture',
        STRIPE_WEBHOOK_SECRET: 'whsec_fixture',
        STRIPE_API_URL: `http://127.0.0.1:${port + 104}`,
        STRIPE_PRICE_PLANS: [
          'price_starter_monthly:starter:monthly',
          'price_starter_annually:starter:annually',
          'price_pro_monthly:pro:monthly',
          'price_pro_annually:pro:annually',
          'price_scale_monthly:scale:monthly',
        ].join(','),
        // Search Console (issue 25) goes to the fake Google that tests/e2e/search-console.spec.ts starts on TCP +105.
        GOOGLE_OAUTH_CLIENT_ID: '123456789012-fake.apps.googleusercontent.com',
        GOOGLE_OAUTH_CLIENT_SECRET: 'GOCSPX-fake-client-secret',
        GOOGLE_OAUTH_AUTH_URL: `http://127.0.0.1:${port + 105}/o/oauth2/v2/auth`,
        GOOGLE_OAUTH_TOKEN_URL: `http://127.0.0.1:${port + 105}/token`,
        GOOGLE_OAUTH_REVOKE_URL: `http://127.0.0.1:${port + 105}/revoke`,
        GOOGLE_SEARCH_CONSOLE_API_URL: `http://127.0.0.1:${port + 105}`,
        // Webflow destinations go to the fake Webflow that tests/e2e/publishing.spec.ts starts on TCP +107.
        WEBFLOW_API_BASE_URL: `http://127.0.0.1:${port + 107}/v2`,
        TRANSCRIBE_RATE_PER_MINUTE: '1000',
        TRANSCRIBE_CLIENT_DAILY_CAP: '100000', // every browser test is one client (127.0.0.1)
        SKIP_BUILD: '1',
        ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      },
    },
  ],
});
