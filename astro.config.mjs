// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import keystatic from '@keystatic/astro';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { loadDotEnv } from './api/runtime/dotenv.ts';
import { buildStamp } from './scripts/build-stamp.mjs';
import { precompress } from './scripts/precompress.mjs';

// SITE_URL and DIST_DIR from .env, read as every entry point reads it (npm run build and npm run dev included).
loadDotEnv();

/** Signed-in routes never belong in the sitemap. */
const PRIVATE_PREFIXES = [
  '/dashboard',
  '/calendar',
  '/blogs',
  '/prompts',
  '/projects',
  '/workflows',
  '/settings',
  '/usage',
  '/templates',
  '/cta-generator',
  '/admin',
  '/signin',
  '/signup',
  '/invite',
];

/** Prebuilt pages whose canonical URL is another page (aliases): the sitemap lists canonical URLs only. */
const TRANSCRIPT_ALIASES = [
  'tools/insta-transcript',
  'instagram-transcript',
  'instagram-reel-transcript',
  'instagram-reels-transcription',
  'reel-transcript',
  'instagram-audio-transcript',
];
const NON_CANONICAL = new Set(['/local-seo-calculator/', ...TRANSCRIPT_ALIASES.map((alias) => `/${alias}/tags/`)]);

/**
 * The content editor at /keystatic, for `astro dev` only: its routes are server-rendered and write to src/content, so
 * the production build must not contain them (tests/build/editor.test.ts checks the built site has no /keystatic).
 * @returns {import('astro').AstroIntegration}
 */
function editorInDevOnly() {
  const editor = keystatic();
  return {
    name: 'inkpilot:editor-dev-only',
    hooks: {
      'astro:config:setup': (params) => {
        if (params.command === 'dev') return editor.hooks['astro:config:setup']?.(params);
      },
    },
  };
}

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://inkpilot.app',
  output: 'static',
  outDir: process.env.DIST_DIR ?? './dist',
  trailingSlash: 'ignore',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    editorInDevOnly(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname;
        return !PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix)) && !NON_CANONICAL.has(path);
      },
    }),
    precompress(),
    buildStamp(),
  ],
  build: { inlineStylesheets: 'always' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
