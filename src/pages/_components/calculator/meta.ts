// Title, description, headings and structured data of each calculator variant (spec §2.8 page metadata). The
// wordings are the editors' (src/content/calculator-page/page.yaml, `variants`); this picks and fills them.
import type { CalculatorPage } from '../../../content/_schemas/calculator-page.ts';
import { fill } from '../../../lib/fill.ts';
import { ContentError } from '../../../lib/calculator/content.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../../../lib/seo/limits.ts';

export interface Variant {
  path: string;
  /** The tool's name: the hero title of src/content/calculator/base.md, so editing it changes every <title>. */
  tool: string;
  /** `file`: the content file the name comes from, named when a title or snippet grows too long. */
  country?: { name: string; inText: string; file?: string };
  industry?: { name: string; audience: string; file?: string };
}
export type VariantTexts = Pick<CalculatorPage, 'variants' | 'withBrand'>;
type Kind = keyof CalculatorPage['variants'];

const FILE = 'calculator-page/page.yaml';

function kindOf({ country, industry }: Variant): Kind {
  if (country && industry) return 'pair';
  if (country) return 'country';
  return industry ? 'industry' : 'generic';
}

function values({ tool, country, industry }: Variant): Record<string, string> {
  return {
    tool,
    country: country?.name ?? '',
    countryInText: country?.inText ?? '',
    industry: industry?.name ?? '',
    audience: industry?.audience ?? '',
  };
}

/** " or the names in …" for a refusal: where else the editor can shorten a filled-in template. */
const namesIn = ({ country, industry }: Variant) => {
  const files = [country?.file, industry?.file].filter(Boolean).map((file) => `src/content/${file}`);
  return files.length > 0 ? `, or the name in ${files.join(' or ')}` : '';
};

const texts = (
  v: Variant,
  words: VariantTexts,
): Partial<Record<'title' | 'shortTitle' | 'description' | 'line' | 'about', string>> => words.variants[kindOf(v)];

/** The line under the main heading ("For Healthcare in Germany"); empty on the generic page. */
export function variantLine(v: Variant, words: VariantTexts): string {
  const line = texts(v, words).line;
  return line ? fill(line, values(v)) : '';
}

/** The heading of "About local SEO" for this variant. */
export function aboutHeading(v: Variant, words: VariantTexts): string {
  return fill(texts(v, words).about!, values(v));
}

/**
 * The <title> and the page's name (the title without the brand) of a variant: the first of "title with brand",
 * "title" and, for a country-and-industry page, "short title" that fits in 60 characters. None fitting stops the
 * build, naming the field: a unit test runs every country and industry name through this.
 */
export function pageTitle(v: Variant, words: VariantTexts): { title: string; name: string } {
  const kind = kindOf(v);
  const own = texts(v, words);
  const name = fill(own.title!, values(v));
  const short = own.shortTitle ? fill(own.shortTitle, values(v)) : undefined;
  const options = [
    { title: fill(words.withBrand, { title: name }), name },
    { title: name, name },
    ...(short ? [{ title: short, name: short }] : []),
  ];
  const fits = options.find((option) => textLength(option.title) <= TITLE_MAX);
  if (!fits) {
    const field = short ? 'shortTitle' : 'title';
    throw new ContentError(
      FILE,
      `variants.${kind}.${field}: the title of ${v.path} reads "${options.at(-1)!.title}", ${textLength(options.at(-1)!.title)} characters; keep titles to ${TITLE_MAX} or fewer (shorten it${namesIn(v)})`,
    );
  }
  return fits;
}

/** The meta description of a variant, 70–160 characters once filled in (else the build stops, naming the field). */
export function pageDescription(v: Variant, words: VariantTexts): string {
  const kind = kindOf(v);
  const description = fill(texts(v, words).description!, values(v));
  const length = textLength(description);
  if (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX) {
    throw new ContentError(
      FILE,
      `variants.${kind}.description: the search snippet of ${v.path} has ${length} characters once filled in; write it in ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} (change it${namesIn(v)})`,
    );
  }
  return description;
}

/** JSON-LD: a free WebPage and a SoftwareApplication offered at 0 USD. */
export function structuredData(v: Variant, words: VariantTexts, site: URL): Record<string, unknown> {
  const url = new URL(v.path, site).href;
  const { name } = pageTitle(v, words);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebPage',
        '@id': `${url}#webpage`,
        url,
        name,
        description: pageDescription(v, words),
        isAccessibleForFree: true,
      },
      {
        '@type': 'SoftwareApplication',
        '@id': `${url}#app`,
        name,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        url,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  };
}
