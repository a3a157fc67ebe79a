// Issue 25: what the blog's counter reads of one request: bots by the isbot list, requests no person's browser
// makes as a page view, the referrer's host alone, the country from the configured headers.
import { describe, expect, it } from 'vitest';
import { countryOf, isBotAgent, notAPageView, referrerHost } from '../../api/blog/analytics/visit.ts';

const request = (headers: Record<string, string>, method = 'GET') => ({
  method,
  client: '203.0.113.1',
  header: (name: string) => headers[name],
});
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('a blog request', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    'Wget/1.21.4',
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'Twitterbot/1.0',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  ])('from %s is a bot', (agent) => {
    expect(isBotAgent(agent)).toBe(true);
    expect(notAPageView(request({ 'user-agent': agent, 'accept-language': 'en' }))).toBe('bot_agent');
  });

  it.each([
    CHROME,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ])('from %s with a language is a page view', (agent) => {
    expect(notAPageView(request({ 'user-agent': agent, 'accept-language': 'en-US,en;q=0.9' }))).toBeUndefined();
  });

  it('is no page view without an agent or a language, as HEAD, or fetched ahead of a click', () => {
    expect(notAPageView(request({ 'accept-language': 'en' }))).toBe('no_agent');
    expect(notAPageView(request({ 'user-agent': CHROME }))).toBe('no_language');
    expect(notAPageView(request({ 'user-agent': CHROME, 'accept-language': 'en' }, 'HEAD'))).toBe('head');
    const aheads: Record<string, string>[] = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
      { 'x-purpose': 'preview' },
    ];
    for (const ahead of aheads)
      expect(notAPageView(request({ 'user-agent': CHROME, 'accept-language': 'en', ...ahead }))).toBe('prefetch');
  });

  it('keeps only the host a reader came from, without www., and nothing for the blog itself', () => {
    const blog = 'bakery.blogs.localhost:4321';
    expect(referrerHost('https://www.google.com/search?q=secret+words', blog)).toBe('google.com');
    expect(referrerHost('https://News.YCombinator.com/item?id=1', blog)).toBe('news.ycombinator.com');
    expect(referrerHost('http://bakery.blogs.localhost:4321/other-post', blog)).toBe('');
    expect(referrerHost('https://www.acme.com/blog/', 'bakery.blogs.localhost', 'acme.com')).toBe('');
    expect(referrerHost('android-app://com.google.android.gm/', blog)).toBe('');
    expect(referrerHost('not a url', blog)).toBe('');
    expect(referrerHost(undefined, blog)).toBe('');
  });

  it('reads the country from the first configured header holding a two-letter code', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    const names = ['cf-ipcountry', 'x-country-code'];
    expect(countryOf(headers({ 'cf-ipcountry': 'fr' }), names)).toBe('FR');
    expect(countryOf(headers({ 'cf-ipcountry': 'XX', 'x-country-code': 'NL' }), names)).toBe('NL');
    expect(countryOf(headers({ 'cf-ipcountry': 'T1' }), names)).toBe('');
    expect(countryOf(headers({ 'x-country-code': 'Germany' }), names)).toBe('');
    expect(countryOf(headers({ 'cf-ipcountry': 'DE' }), [])).toBe('');
  });
});
