// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { precompress } from './scripts/precompress.mjs';

/** Signed-in routes never belong in the sitemap. */
const PRIVATE_PREFIXES = ['/dashboard', '/calendar', '/blogs', '/prompts', '/projects', '/workflows', '/settings', '/usage', '/templates', '/cta-generator', '/signin', '/signup'];

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://inkpilot.app',
  output: 'static',
  outDir: process.env.DIST_DIR ?? './dist',
  trailingSlash: 'ignore',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    sitemap({
      filter: (page) => !PRIVATE_PREFIXES.some((prefix) => new URL(page).pathname.startsWith(prefix)),
    }),
    precompress(),
  ],
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
