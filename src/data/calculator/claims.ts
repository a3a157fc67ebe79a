// The only statistics the calculator shows: the spec's own example claims (§9.4). Nothing else is quoted.
import type { Link, Stat } from './types.ts';

const SOURCE = 'Widely cited local search figure';

export const STAT_SEARCH: Stat = { label: 'of consumers search online for local businesses', value: '97%', source: SOURCE };
export const STAT_MOBILE: Stat = { label: 'of local searches happen on mobile', value: '60%', source: SOURCE };
export const STAT_PROFILE: Stat = { label: 'more clicks with a complete business profile', value: '7x', source: SOURCE };
export const STAT_FIRST: Stat = { label: 'to first improvements', value: '2–4 weeks', source: 'Typical local SEO timeline' };
export const STAT_RESULTS: Stat = { label: 'to significant results', value: '3–6 months', source: 'Typical local SEO timeline' };

export const SIGNUP_LINK: Link = { text: 'Plan it with Inkpilot', url: '/signup' };
export const CALCULATOR_LINK: Link = { text: 'Check your score', url: '/tools/local-seo-calculator' };
