// Search Console's pure rules: which property covers the blog, how URL Inspection answers read, the verification tag,
// and the learning loop's thresholds (posts to refresh, rising queries, whether a post is about a query).
import { describe, expect, it } from 'vitest';
import { composeQueryIdea } from '../../api/providers/ai/query-ideas.ts';
import { coversUrl, indexStatusOf, sortProperties } from '../../api/services/search-console/coverage.ts';
import { fellForWeeks, isAbout, isRising } from '../../api/services/search-console/learning.ts';
import { verificationTokenOf } from '../../api/services/search-console/verbs.ts';

describe('which property covers the blog', () => {
  it('a domain property covers its domain and subdomains on any protocol; a URL prefix only what starts with it', () => {
    expect(coversUrl('sc-domain:example.com', 'https://blog.example.com/')).toBe(true);
    expect(coversUrl('sc-domain:example.com', 'http://example.com:8080/post')).toBe(true);
    expect(coversUrl('sc-domain:example.com', 'https://notexample.com/')).toBe(false);
    expect(coversUrl('https://example.com/', 'https://example.com/blog/')).toBe(true);
    expect(coversUrl('https://example.com/blog/', 'https://example.com/blog/')).toBe(true);
    expect(coversUrl('https://example.com/blog/', 'https://example.com/blog')).toBe(true);
    expect(coversUrl('https://example.com/blog/', 'https://example.com/blogger/')).toBe(false);
    expect(coversUrl('http://example.com/', 'https://example.com/')).toBe(false);
    expect(coversUrl('https://www.example.com/', 'https://example.com/')).toBe(false);
  });

  it('lists the covering properties first, the closest prefix before the domain, unverified ones after', () => {
    const blog = 'https://blog.example.com/';
    const sites = [
      { siteUrl: 'https://other.test/', permissionLevel: 'siteOwner' },
      { siteUrl: 'sc-domain:example.com', permissionLevel: 'siteOwner' },
      { siteUrl: 'https://blog.example.com/', permissionLevel: 'siteUnverifiedUser' },
      { siteUrl: 'https://blog.example.com/', permissionLevel: 'siteFullUser' },
    ];

    expect(sortProperties(sites, blog).map((site) => `${site.siteUrl} ${site.permissionLevel}`)).toEqual([
      'https://blog.example.com/ siteFullUser',
      'sc-domain:example.com siteOwner',
      'https://blog.example.com/ siteUnverifiedUser',
      'https://other.test/ siteOwner',
    ]);
  });
});

describe('URL Inspection answers', () => {
  it('read as indexed, crawled or discovered but not indexed, unknown, or otherwise excluded', () => {
    expect(indexStatusOf({ verdict: 'PASS', coverageState: 'Submitted and indexed' })).toBe('indexed');
    expect(indexStatusOf({ verdict: 'NEUTRAL', coverageState: 'Crawled - currently not indexed' })).toBe(
      'crawled_not_indexed',
    );
    expect(indexStatusOf({ verdict: 'NEUTRAL', coverageState: 'Discovered - currently not indexed' })).toBe(
      'discovered',
    );
    expect(indexStatusOf({ verdict: 'NEUTRAL', coverageState: 'URL is unknown to Google' })).toBe('unknown');
    expect(indexStatusOf({})).toBe('unknown');
    expect(indexStatusOf({ verdict: 'FAIL', coverageState: "Excluded by 'noindex' tag" })).toBe('excluded');
  });
});

describe('the verification tag', () => {
  it('takes the token or the whole meta tag; empty removes it; anything else is refused', () => {
    expect(verificationTokenOf('  abcDEF_123-xyz  ')).toBe('abcDEF_123-xyz');
    expect(verificationTokenOf('<meta name="google-site-verification" content="abcDEF_123-xyz" />')).toBe(
      'abcDEF_123-xyz',
    );
    expect(verificationTokenOf('')).toBeNull();
    expect(verificationTokenOf('"><script>alert(1)</script>')).toBeUndefined();
    expect(verificationTokenOf('short')).toBeUndefined();
  });
});

describe('the learning loop', () => {
  it('suggests a refresh when clicks fell four weeks in a row from a week worth counting', () => {
    expect(fellForWeeks([70, 63, 56, 49, 42])).toBe(true);
    expect(fellForWeeks([90, 70, 63, 56, 49, 42])).toBe(true);
    expect(fellForWeeks([70, 63, 63, 49, 42])).toBe(false); // a flat week breaks the run
    expect(fellForWeeks([63, 56, 49, 42])).toBe(false); // four weeks are three falls
    expect(fellForWeeks([4, 3, 2, 1, 0])).toBe(false); // too few clicks to mean anything
  });

  it('calls a query rising with 20+ impressions in two weeks and half again as many as the two before', () => {
    expect(isRising({ impressions: 30, previous_impressions: 0 })).toBe(true);
    expect(isRising({ impressions: 300, previous_impressions: 200 })).toBe(true);
    expect(isRising({ impressions: 299, previous_impressions: 200 })).toBe(false);
    expect(isRising({ impressions: 19, previous_impressions: 0 })).toBe(false);
  });

  it('a post is about a query when they compete, its keyword is in the query, or the query is in its title', () => {
    const post = { title: 'The Sourdough Starter Guide', target_keyword: 'sourdough starter' };

    expect(isAbout('sourdough starters', post)).toBe(true);
    expect(isAbout('how to feed a sourdough starter', post)).toBe(true);
    expect(isAbout('starter guide', post)).toBe(true);
    expect(isAbout('rye bread hydration', post)).toBe(false);
  });

  it('composes a post for a query offline: the query as its keyword and title', () => {
    expect(composeQueryIdea('how to proof sourdough overnight')).toMatchObject({
      title: 'How To Proof Sourdough Overnight',
      target_keyword: 'how to proof sourdough overnight',
      content_type: 'how-to',
    });
    expect(composeQueryIdea('what is levain?').title).toBe('What Is Levain?');
    expect(composeQueryIdea('rye bread hydration').title).toBe('Rye Bread Hydration: What You Need to Know');
  });
});
