/** Links of the public header and account menu (spec public-site §2.3 Header). */
export const COMPANY_BLOG_URL = 'https://blog.inkpilot.app';
export const DEFAULT_SUPPORT_EMAIL = 'support@inkpilot.app';

type HeaderCopy = {
  howItWorks: string;
  pricing: string;
  features: string;
  blog: string;
  myAccount: string;
  dashboard: string;
  settings: string;
  terms: string;
  privacy: string;
};

/** Header links in the spec's order; the labels come from src/content/site/site.yaml. */
export function navLinks(copy: HeaderCopy) {
  return [
    { label: copy.howItWorks, href: '/#how-it-works' },
    { label: copy.pricing, href: '/#pricing' },
    { label: copy.features, href: '/#features' },
    { label: copy.blog, href: COMPANY_BLOG_URL },
  ];
}

/** Contact address of legal pages and the Support item; SUPPORT_EMAIL at build time. */
export function supportEmail(): string {
  return process.env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
}

/** Account menu entries before Support and Log out, in the spec's order; labels from src/content/site/site.yaml. */
export function accountLinks(copy: HeaderCopy) {
  return [
    { label: copy.myAccount, href: '/settings#account' },
    { label: copy.dashboard, href: '/dashboard' },
    { label: copy.settings, href: '/settings' },
    { label: copy.terms, href: '/terms' },
    { label: copy.privacy, href: '/privacy' },
  ];
}

/** Route of the Reel transcriber as the tools hub and footer link it (spec §2.2: held in one constant). */
export const INSTA_TRANSCRIPT_ROUTE = '/tools/insta-transcript';

/** Size of every partner badge in public/badges (the partners themselves are in src/content/site/site.yaml). */
export const BADGE_SIZE = { width: 140, height: 40 } as const;
