// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { precompress } from './scripts/precompress.mjs';

/** Signed-in routes never belong in the sitemap. */
const PRIVATE_PREFIXES = ['/dashboard', '/calendar', '/blogs', '/prompts', '/projects', '/workflows', '/settings', '/usage', '/templates', '/cta-generator', '/admin', '/signin', '/signup', '/invite'];

/** Prebuilt pages whose canonical URL is another page (aliases): the sitemap lists canonical URLs only. */
const TRANSCRIPT_ALIASES = ['tools/insta-transcript', 'instagram-transcript', 'instagram-reel-transcript', 'instagram-reels-transcription', 'reel-transcript', 'instagram-audio-transcript'];
const NON_CANONICAL = new Set(['/local-seo-calculator/', ...TRANSCRIPT_ALIASES.map((alias) => `/${alias}/tags/`)]);

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://inkpilot.app',
  output: 'static',
  outDir: process.env.DIST_DIR ?? './dist',
  trailingSlash: 'ignore',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname;
        return !PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix)) && !NON_CANONICAL.has(path);
      },
    }),
    precompress(),
  ],
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
