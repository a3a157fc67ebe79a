// Issue 17: editors change the site by changing src/content. One build of a temp copy carries one changed value in
// every collection and each must show on its page (and in <title> where it is a title); one failing build shows a
// broken edit stopping the build with file, field and rule. One build for all changes, not one per collection:
// a build takes ~30-50 s on this machine, and every collection's refusals are covered fast, by the same schema
// objects, in tests/unit/content-schemas.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_AREAS } from '../../src/content/_schemas/registry.ts';
import { copySite, type SiteCopy } from '../support/site-copy.ts';

/** Each edit: file, exact text replaced, its replacement; then the page and what it must show. */
const EDITS = [
  {
    collection: 'site',
    file: 'site/site.yaml',
    from: 'copyright: © {year} Inkpilot. All rights reserved.',
    to: 'copyright: © {year} Inkpilot, edited footer line.',
    page: '/terms',
    shows: /© \d{4} Inkpilot, edited footer line\./,
  },
  {
    collection: 'site',
    file: 'site/site.yaml',
    from: '  accept: Accept',
    to: '  accept: Accept analytics (edited)',
    page: '/signin',
    shows: />Accept analytics \(edited\)</,
  },
  {
    collection: 'landing',
    file: 'landing/home.yaml',
    from: '  title: Publish SEO articles that sound like you, every day',
    to: '  title: Edited hero heading for the build test',
    page: '/',
    shows: /<h1[^>]*>Edited hero heading for the build test<\/h1>/,
  },
  {
    collection: 'landing',
    file: 'landing/home.yaml',
    from: '  title: Inkpilot — AI SEO articles in your brand voice',
    to: '  title: Edited landing title',
    page: '/',
    shows: /<title>Edited landing title<\/title>/,
  },
  {
    collection: 'pricing',
    file: 'pricing/pricing.yaml',
    from: '    name: Starter',
    to: '    name: Starter Edited',
    page: '/pricing',
    shows: />Starter Edited</,
  },
  {
    collection: 'pricing',
    file: 'pricing/pricing.yaml',
    from: '  title: "Pricing: Free, Starter, Pro and Scale plans | Inkpilot"',
    to: '  title: Edited pricing title',
    page: '/pricing',
    shows: /<title>Edited pricing title<\/title>/,
  },
  {
    collection: 'auth',
    file: 'auth/signin.yaml',
    from: 'heading: Welcome back',
    to: 'heading: Welcome back, edited',
    page: '/signin',
    shows: /<h1[^>]*>Welcome back, edited<\/h1>/,
  },
  {
    collection: 'auth',
    file: 'auth/signup.yaml',
    from: 'title: Sign up · Inkpilot',
    to: 'title: Edited sign-up title',
    page: '/signup',
    shows: /<title>Edited sign-up title<\/title>/,
  },
  {
    collection: 'toolsHub',
    file: 'tools-hub/hub.yaml',
    from: 'heading: Free SEO tools',
    to: 'heading: Edited tools heading',
    page: '/tools',
    shows: /<h1[^>]*>Edited tools heading<\/h1>/,
  },
  {
    collection: 'toolsHub',
    file: 'tools-hub/hub.yaml',
    from: '  badge: Coming Soon',
    to: '  badge: Arriving later (edited)',
    page: '/tools/backlink-finder',
    shows: />Arriving later \(edited\)</,
  },
  {
    collection: 'tools',
    file: 'tools/backlink-finder.yaml',
    from: 'title: Backlink Opportunity Finder',
    to: 'title: Edited Link Finder',
    page: '/tools/backlink-finder',
    shows: /<title>Edited Link Finder \(Coming Soon\) \| Inkpilot<\/title>/,
  },
  {
    collection: 'legal',
    file: 'legal/terms.md',
    from: 'title: Terms of Service',
    to: 'title: Edited Terms',
    page: '/terms',
    shows: /<title>Edited Terms \| Inkpilot<\/title>[\s\S]*<h1[^>]*>Edited Terms<\/h1>/,
  },
  {
    collection: 'updates',
    file: 'updates/2026-11-public-site.md',
    from: 'title: Free tools hub and new public site',
    to: 'title: Edited update title',
    page: '/updates',
    shows: /<h2>Edited update title<\/h2>/,
  },
  {
    collection: 'transcript',
    file: 'transcript/reel-transcript.yaml',
    from: 'title: "Reel Transcript"',
    to: 'title: "Edited Reel Heading"',
    page: '/reel-transcript',
    shows: /<h1[^>]*>Edited Reel Heading<\/h1>/,
  },
  {
    collection: 'transcript',
    file: 'transcript/reel-transcript.yaml',
    from: '  title: "Reel Transcript — Turn Reels into Text for Free | Inkpilot"',
    to: '  title: "Edited reel tab title"',
    page: '/reel-transcript',
    shows: /<title>Edited reel tab title<\/title>/,
  },
  {
    collection: 'transcriptShared',
    file: 'transcript-shared/shared.yaml',
    from: '  title: "Transcribing Reels: the common questions"',
    to: '  title: "Edited shared questions"',
    page: '/reel-transcript',
    shows: />Edited shared questions</,
  },
  {
    collection: 'apiDocs',
    file: 'api-docs/api.md',
    from: 'heading: API reference',
    to: 'heading: Edited API heading',
    page: '/docs/api',
    shows: /<h1[^>]*>Edited API heading<\/h1>/,
  },
  {
    collection: 'apiDocs',
    file: 'api-docs/api.md',
    from: '  title: API reference | Inkpilot',
    to: '  title: Edited API tab title',
    page: '/docs/api',
    shows: /<title>Edited API tab title<\/title>/,
  },
  {
    collection: 'calculatorUi',
    file: 'calculator-ui/ui.yaml',
    from: '    title: What type of business do you run?',
    to: '    title: Edited business question?',
    page: '/tools/local-seo-calculator',
    shows: />Edited business question\?</,
  },
  {
    collection: 'calculatorBase',
    file: 'calculator/base.md',
    from: '  title: Local SEO Calculator',
    to: '  title: Edited SEO Calculator',
    page: '/tools/local-seo-calculator',
    shows: /<title>Free Edited SEO Calculator \| Inkpilot<\/title>[\s\S]*<h1[^>]*>Edited SEO Calculator/,
  },
  {
    collection: 'calculatorCountries',
    file: 'calculator/country/de.md',
    from: 'name: Germany',
    to: 'name: Edited Germany',
    page: '/tools/local-seo-calculator/country/de',
    shows:
      /<title>Edited SEO Calculator for Edited Germany \| Inkpilot<\/title>[\s\S]*>In Edited Germany<\/span><\/h1>/,
  },
  {
    collection: 'calculatorIndustries',
    file: 'calculator/industry/legal.md',
    from: 'name: Legal Services',
    to: 'name: Law Edited',
    page: '/tools/local-seo-calculator/industry/legal',
    shows: /<title>Edited SEO Calculator for Law Edited \| Inkpilot<\/title>[\s\S]*>For Law Edited<\/span><\/h1>/,
  },
  {
    collection: 'calculatorIndustries',
    file: 'calculator/industry/healthcare.md',
    from: '  titleInCountry: Healthcare SEO Insights in {country}',
    to: '  titleInCountry: Edited practice insights for {country}',
    page: '/tools/local-seo-calculator/healthcare/de',
    shows: /<h2[^>]*>Edited practice insights for Edited Germany<\/h2>/,
  },
  {
    collection: 'calculatorPairs',
    file: 'calculator/pair/healthcare-de.md',
    from: 'question: What should a German practice show on its website?',
    to: 'question: Edited pair question?',
    page: '/tools/local-seo-calculator/healthcare/de',
    shows: /<summary[^>]*>Edited pair question\?<\/summary>/,
  },
  {
    collection: 'calculatorPage',
    file: 'calculator-page/page.yaml',
    from: '  heading: Turn your score into traffic',
    to: '  heading: Edited call to action',
    page: '/tools/local-seo-calculator/industry/retail',
    shows: /<h2 id="cta-title"[^>]*>Edited call to action<\/h2>/,
  },
] as const;

let site: SiteCopy;
let build: { status: number | null; output: string };
const page = (path: string) =>
  readFileSync(join(site.dir, 'dist/client', path === '/' ? 'index.html' : `${path}/index.html`), 'utf8');

describe('content edits reach the built pages', () => {
  beforeAll(() => {
    site = copySite();
    for (const edit of EDITS) site.edit(`src/content/${edit.file}`, (text) => text.replace(edit.from, edit.to));
    build = site.astro(['build']);
  }, 300_000);
  afterAll(() => site?.remove());

  it('builds with one changed value in every collection', () => {
    expect(build.status, build.output.slice(-3000)).toBe(0);
    expect([...new Set(EDITS.map((edit) => edit.collection))].sort()).toEqual(
      CONTENT_AREAS.map((area) => area.name).sort(),
    );
  });

  it.each(EDITS.map((edit) => [`${edit.collection}: ${edit.to.trim()}`, edit] as const))(
    '%s shows on its page',
    (_name, edit) => {
      expect(page(edit.page)).toMatch(edit.shows);
    },
  );
});

describe('a broken edit stops the build', () => {
  it('names the file, the field and what is allowed', () => {
    const broken = copySite();
    try {
      broken.edit('src/content/pricing/pricing.yaml', (text) => text.replace('    name: Starter', '    name: ""'));

      const result = broken.astro(['build']);

      expect(result.status).not.toBe(0);
      expect(result.output).toContain('src/content/pricing/pricing.yaml');
      expect(result.output).toContain('plans.1.name: Plan name must not be empty');
    } finally {
      broken.remove();
    }
  }, 300_000);
});
