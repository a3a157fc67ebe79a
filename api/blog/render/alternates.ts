import type { BlogSite } from '../sites.ts';
import { blogUrl } from './html.ts';

/** One hreflang alternate of a page: a language (or x-default) and the canonical address of its version. */
export interface Alternate {
  hreflang: string;
  href: string;
}

/** A published post of a translation group, as its alternates need it. */
export interface GroupMember {
  id: string;
  lang: string;
  slug: string;
  created_at: Date;
}

/**
 * The hreflang alternates every page of a translation group carries (issue 24): each published version, the page
 * itself included, and x-default, the original (the post the group was first translated from) while it is published,
 * else the oldest published version. A post with no published sibling has none: a lone page needs no alternates.
 */
export function alternatesOf(site: BlogSite, group: string, members: GroupMember[]): Alternate[] {
  if (members.length < 2) return [];
  const oldest = [...members].sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id),
  );
  const original = members.find((member) => member.id === group) ?? oldest[0];
  const alternates = [...members]
    .sort((a, b) => a.lang.localeCompare(b.lang))
    .map((member) => ({ hreflang: member.lang, href: blogUrl(site, `/${member.slug}`) }));
  return original ? [...alternates, { hreflang: 'x-default', href: blogUrl(site, `/${original.slug}`) }] : alternates;
}
