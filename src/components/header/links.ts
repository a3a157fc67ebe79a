/** Links of the public header and account menu (spec public-site §2.3 Header). */
export const COMPANY_BLOG_URL = 'https://blog.inkpilot.app';
export const DEFAULT_SUPPORT_EMAIL = 'support@inkpilot.app';

export const NAV_LINKS = [
  { label: 'How it works', href: '/#how-it-works' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Features', href: '/#features' },
  { label: 'Blog', href: COMPANY_BLOG_URL },
] as const;

/** Contact address of legal pages and the Support item; SUPPORT_EMAIL at build time. */
export function supportEmail(): string {
  return process.env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
}

/** Account menu entries before Support and Log out, in the spec's order. */
export const ACCOUNT_LINKS = [
  { label: 'My Account', href: '/settings#account' },
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Settings', href: '/settings' },
  { label: 'Terms and Conditions', href: '/terms' },
  { label: 'Privacy Policy', href: '/privacy' },
  ] as const;

/** Route of the Reel transcriber as the tools hub and footer link it (spec §2.2: held in one constant). */
export const INSTA_TRANSCRIPT_ROUTE = '/tools/insta-transcript';

/** Partner sites: the footer's ventures column and its badge carousel (spec §3 Partner badge). */
export const PARTNERS = [
  { href: 'https://astro.build', src: '/badges/astro.svg', alt: 'Built with Astro', width: 140, height: 40 },
  { href: 'https://www.postgresql.org', src: '/badges/postgresql.svg', alt: 'Runs on PostgreSQL', width: 140, height: 40 },
  { href: 'https://firebase.google.com', src: '/badges/firebase.svg', alt: 'Sign-in by Firebase', width: 140, height: 40 },
  { href: 'https://stripe.com', src: '/badges/stripe.svg', alt: 'Payments by Stripe', width: 140, height: 40 },
] as const;
