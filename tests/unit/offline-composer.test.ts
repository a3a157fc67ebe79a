import { describe, expect, it } from 'vitest';
import { extractKeywords } from '../../api/providers/ai/offline/keywords.ts';
import { sentences } from '../../api/providers/ai/offline/text.ts';
import { extractPage } from '../../api/providers/crawler/extract.ts';

describe('extractKeywords (noun phrases ranked by TF-IDF)', () => {
  const pages = [
    'Our coffee roastery roasts single origin coffee beans every week. Single origin coffee tastes of where it grew.',
    'Order single origin coffee beans online. We ship fresh coffee beans across Europe.',
    'Brewing guides: pour over coffee, espresso and cold brew at home.',
  ];

  it('ranks the phrases the site keeps returning to first and never returns stop words', () => {
    const keywords = extractKeywords(pages, 5);

    expect(keywords.slice(0, 2).sort()).toEqual(['coffee beans', 'single origin coffee']);
    expect(keywords).not.toContain('our');
    expect(keywords).toHaveLength(5);
  });

  it('skips a fragment or a phrase inside a chosen one, and is deterministic', () => {
    const keywords = extractKeywords(pages, 10);

    expect(keywords).not.toContain('single origin');
    expect(keywords).not.toContain('origin coffee');
    expect(keywords).not.toContain('coffee');
    expect(extractKeywords(pages, 10)).toEqual(keywords);
  });
});

describe('sentences', () => {
  it('splits running text and lines into sentences and drops menu fragments', () => {
    expect(sentences('Home\nWe roast coffee every single week. Do you like it strong?\nShop now')).toEqual([
      'We roast coffee every single week.',
      'Do you like it strong?',
    ]);
  });
});

describe('extractPage', () => {
  it('reads title, description, headings, language, links and the main text without navigation', () => {
    const html = `<!doctype html><html lang="de"><head><title>Kaffee</title><meta name="description" content="Frisch geröstet."></head>
      <body><nav><a href="/shop">Shop</a></nav><main><article><h1>Unser Kaffee</h1>
      <p>Wir rösten jede Woche frischen Kaffee aus kleinen Farmen in Äthiopien und Kolumbien, langsam und hell.</p>
      <h2>Versand</h2><p>Wir versenden innerhalb von zwei Tagen in ganz Europa, klimaneutral und ohne Plastik in der Verpackung.</p>
      </article></main></body></html>`;

    const { page, links } = extractPage(html, 'https://example.com/');

    expect(page).toMatchObject({
      title: 'Kaffee',
      description: 'Frisch geröstet.',
      headings: ['Unser Kaffee', 'Versand'],
      lang: 'de',
    });
    expect(page.text).toContain('Versand\nWir versenden');
    expect(links).toEqual(['https://example.com/shop']);
  });

  it("reads the site's brand marks: theme colour (not the dark one) and the logo, most specific first", () => {
    const page = (head: string, body = '') =>
      extractPage(
        `<!doctype html><html><head>${head}</head><body>${body}<p>Text.</p></body></html>`,
        'https://shop.example.com/de/',
      ).page;

    const full = page(
      '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#000"><meta name="theme-color" content="#0A7"><link rel="apple-touch-icon" href="/touch.png"><link rel="icon" href="/favicon.ico">',
      '<header><img src="/img/hero.jpg" alt="Beans"><img class="brand-logo" src="../assets/logo.svg" alt="Shop"></header>',
    );
    const touchOnly = page(
      '<meta property="og:image" content="https://cdn.example.com/og.jpg"><link rel="apple-touch-icon" href="/touch.png">',
    );
    const iconOnly = page(
      '<link rel="icon" href="/favicon.ico"><link rel="icon" type="image/svg+xml" href="/icon.svg">',
    );
    const none = page(
      '<meta name="theme-color" content="rebeccapurple"><link rel="icon" href="javascript:alert(1).png">',
    );

    expect(full).toMatchObject({ themeColor: '#00aa77', logo: 'https://shop.example.com/assets/logo.svg' });
    expect(touchOnly.logo).toBe('https://shop.example.com/touch.png');
    expect(iconOnly.logo).toBe('https://shop.example.com/icon.svg');
    expect(none).toMatchObject({ themeColor: null, logo: null });
  });
});
