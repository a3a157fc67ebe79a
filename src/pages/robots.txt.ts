import type { APIRoute } from 'astro';

/** robots.txt from the configured site, so the sitemap address is always the real one. */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('https://inkpilot.app');
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /settings',
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
