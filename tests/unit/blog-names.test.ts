import { describe, expect, it } from 'vitest';
import { isAppHost } from '../../api/blog/sites.ts';
import { loadConfig } from '../../api/config.ts';
import { forwardedHost, hostOf, normaliseDomain } from '../../api/services/domains/name.ts';
import { normaliseBasePath } from '../../api/services/domains/verbs.ts';

describe('blog names', () => {
  it.each([
    ['Blog.Example.COM', 'blog.example.com'],
    ['blog.acme.com.', 'blog.acme.com'],
    ['Bücher.de', 'xn--bcher-kva.de'],
    ['https://x.com/path', null],
    ['x.com/path', null],
    ['1.2.3.4', null],
    ['[::1]', null],
    ['localhost', null],
    ['app.localhost', null],
    ['a..b.com', null],
    ['user@acme.com', null],
    ['acme.com:443', null],
  ])('normaliseDomain(%j) = %j', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it.each([
    ['Acme.Blogs.Localhost.:4321', 'acme.blogs.localhost'],
    ['a.com, evil.com', ''],
    ['[::1]:80', '[::1]'],
    ['[2001:DB8::1]', '[2001:db8::1]'],
    ['[::1', ''],
    ['[not-an-ip]:80', ''],
    ['127.0.0.1:4321', '127.0.0.1'],
    ['a.com:x', ''],
    ['bad host', ''],
    [undefined, ''],
  ])('hostOf(%j) = %j', (input, expected) => {
    expect(hostOf(input)).toBe(expected);
  });

  it.each([
    ['Blog.Acme.com', 'blog.acme.com'],
    ['evil.example.com, Blog.Acme.com:443', 'blog.acme.com'],
    ['blog.acme.com,evil.example.com', 'evil.example.com'],
  ])('forwardedHost(%j) = %j: the value the nearest proxy appended', (input, expected) => {
    expect(forwardedHost(input)).toBe(expected);
  });

  it("knows the app's own hosts: SITE_URL's, APP_HOSTS, localhost and IP literals, and nothing else", () => {
    const config = loadConfig({
      SITE_URL: 'https://App.Inkpilot.example',
      APP_HOSTS: 'internal-lb.example.net, Ops.Example.org',
    });
    const app = [
      'app.inkpilot.example',
      'internal-lb.example.net',
      'ops.example.org',
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '[::1]',
      '[2001:db8::1]',
    ];
    const others = [
      'inkpilot.example',
      'evil.example.com',
      'acme.blogs.localhost',
      'blogs.localhost',
      'app.localhost',
      '127.1',
      '[zz]',
      '',
    ];

    for (const host of app) expect(isAppHost(host, config), host).toBe(true);
    for (const host of others) expect(isAppHost(host, config), host).toBe(false);
  });

  it.each([
    ['', ''],
    ['/', ''],
    ['blog/', '/blog'],
    ['/Blog', '/blog'],
    ['/en/blog', '/en/blog'],
    ['/../x', null],
    ['/blog?x', null],
    ['https://x.com/blog', null],
  ])('normaliseBasePath(%j) = %j', (input, expected) => {
    expect(normaliseBasePath(input)).toBe(expected);
  });
});
