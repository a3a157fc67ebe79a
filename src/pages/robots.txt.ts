import type { APIRoute } from 'astro';

/** Signed-in areas: crawlers have nothing to index there (they redirect visitors to /). */
const PRIVATE_PATHS = [
  '/api/',
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
];

/** robots.txt from the configured site, so the sitemap address is always the real one. */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('https://inkpilot.app');
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
