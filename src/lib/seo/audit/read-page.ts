// What a search engine reads from one HTML page: head tags, headings and structured data.
import { DomUtils, parseDocument } from 'htmlparser2';

type Element = ReturnType<typeof DomUtils.findAll>[number];

export interface Heading {
  level: number;
  text: string;
}

export interface PageFacts {
  titles: string[];
  descriptions: string[];
  canonicals: string[];
  headings: Heading[];
  jsonLd: string[];
}

const HEADING = /^h[1-6]$/;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text a heading offers readers: its words, else image alt text or an aria-label inside it. */
function headingText(element: Element): string {
  const words = squash(DomUtils.textContent(element));
  if (words) return words;
  const labels = [element, ...DomUtils.findAll(() => true, element.children)].map(
    (node) => node.attribs['aria-label'] ?? (node.name === 'img' ? node.attribs.alt : '') ?? '',
  );
  return squash(labels.join(' '));
}

/** Parses a page once and collects the facts the audit rules judge. */
export function readPage(html: string): PageFacts {
  const document = parseDocument(html);
  const elements = DomUtils.findAll(() => true, document.children);
  const named = (name: string) => elements.filter((element) => element.name === name);
  const attr = (element: Element, key: string) => element.attribs[key] ?? '';
  return {
    titles: named('title').map((element) => squash(DomUtils.textContent(element))),
    descriptions: named('meta')
      .filter((m) => attr(m, 'name').toLowerCase() === 'description')
      .map((m) => squash(attr(m, 'content'))),
    canonicals: named('link')
      .filter((l) => attr(l, 'rel').toLowerCase().split(/\s+/).includes('canonical'))
      .map((l) => attr(l, 'href').trim()),
    headings: elements
      .filter((element) => HEADING.test(element.name))
      .map((element) => ({ level: Number(element.name[1]), text: headingText(element) })),
    jsonLd: named('script')
      .filter((s) => attr(s, 'type').toLowerCase() === 'application/ld+json')
      .map((s) => DomUtils.textContent(s)),
  };
}
