import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { cspHash } from '../../api/site/page-scripts.ts';
import { contentSecurityPolicy, pageSecurityHeaders } from '../../api/site/security-headers.ts';

const scripts = { scripts: [cspHash('theme()')], handlers: [cspHash('this.hidden=true')] };

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split('; ')
      .map((part) => part.split(' '))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the pages’ Content-Security-Policy', () => {
  it('allows inline code by hash only, and nothing may frame the pages but the site', () => {
    const csp = directives(contentSecurityPolicy(loadConfig({}), scripts));

    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", cspHash('theme()'), "'unsafe-hashes'", cspHash('this.hidden=true')]),
    );
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it('lets the browser reach the Auth emulator only while the emulator is in use', () => {
    const local = directives(contentSecurityPolicy(loadConfig({ AUTH_EMULATOR_PORT: '9199' }), scripts));
    const ownEmulator = directives(contentSecurityPolicy(loadConfig({}), scripts, '127.0.0.1:7777'));
    const production = directives(
      contentSecurityPolicy(
        loadConfig({
          NODE_ENV: 'production',
          FIREBASE_PROJECT_ID: 'inkpilot-prod',
          FIREBASE_AUTH_DOMAIN: 'login.inkpilot.app',
        }),
        scripts,
      ),
    );

    expect(local.get('connect-src')).toContain('http://127.0.0.1:9199');
    expect(local.get('frame-src')).toContain('http://127.0.0.1:9199');
    expect(ownEmulator.get('connect-src')).toContain('http://127.0.0.1:7777');
    expect(production.get('connect-src')!.filter((source) => source.startsWith('http:'))).toEqual([]);
    expect(production.get('frame-src')).toEqual(
      expect.arrayContaining([
        'https://login.inkpilot.app',
        'https://*.firebaseapp.com',
        'https://accounts.google.com',
      ]),
    );
  });

  it('admits the outside services the pages load: sign-in, Tag Manager, the Instagram embed; no Stripe script', () => {
    const csp = directives(contentSecurityPolicy(loadConfig({}), scripts));

    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://apis.google.com',
        'https://www.googletagmanager.com',
        'https://www.instagram.com',
      ]),
    );
    // Buying a plan is a redirect to a Checkout page the server opened (issue 22): no Stripe code runs in our pages.
    expect([...csp.values()].flat().filter((source) => source.includes('stripe'))).toEqual([]);
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']),
    );
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://www.instagram.com']));
  });

  it('goes out with the rest of the page headers', () => {
    const headers = pageSecurityHeaders('default-src x');

    expect(headers).toMatchObject({
      'Content-Security-Policy': 'default-src x',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'no-referrer',
    });
  });
});
