import { PLAYER_ORIGIN } from '../../src/lib/posts/video.ts';
import { usesAuthEmulator, type Config } from '../config.ts';
import type { PageScripts } from './page-scripts.ts';

/**
 * The Content-Security-Policy of every HTML answer, built from run-time config: what the pages really load and
 * nothing more. Inline code is allowed by hash only (see collectPageScripts); styles keep 'unsafe-inline' because
 * the pages carry inline <style> blocks and style attributes.
 */
export function contentSecurityPolicy(config: Config, pageScripts: PageScripts, authEmulatorHost?: string): string {
  const emulator = usesAuthEmulator(config)
    ? [`http://${authEmulatorHost ?? `127.0.0.1:${config.AUTH_EMULATOR_PORT}`}`]
    : [];
  const authDomain = config.FIREBASE_AUTH_DOMAIN ? [`https://${config.FIREBASE_AUTH_DOMAIN}`] : [];
  // Transcript thumbnails and previews come from Instagram's CDN (https:); a test fixture may serve them over http.
  const instagramMedia = config.INSTAGRAM_BASE_URL.startsWith('http:')
    ? [new URL(config.INSTAGRAM_BASE_URL).origin]
    : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...pageScripts.scripts,
      ...(pageScripts.handlers.length ? ["'unsafe-hashes'", ...pageScripts.handlers] : []),
      'https://apis.google.com', // Firebase's popup sign-in loads gapi
      'https://www.googletagmanager.com', // Tag Manager, loaded only after consent
      'https://www.instagram.com', // embed.js, inside the sandboxed srcdoc frame, which inherits this policy
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...instagramMedia],
    'media-src': ["'self'", 'blob:', 'https:', ...instagramMedia],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.instagram.com',
      ...emulator,
    ],
    'frame-src': [
      "'self'",
      'https://*.firebaseapp.com',
      ...authDomain,
      'https://accounts.google.com',
      'https://apis.google.com',
      'https://www.googletagmanager.com',
      'https://www.instagram.com',
      PLAYER_ORIGIN, // a post's video in the editor's preview, made only when the writer presses play
      ...emulator,
    ],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** The headers every HTML answer carries (static, on demand, 404), the CSP included. */
export function pageSecurityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups', // the sign-in popup must be able to report back
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'no-referrer',
    'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  };
}
