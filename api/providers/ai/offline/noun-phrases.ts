// English noun phrases with compromise (issue 27): the offline composer's keywords and plan titles are made of what a
// site names (its products, services and subjects), never of verb fragments ("order sourdough") or of the brand's own
// name. Each phrase carries its lemma key, so variants of one keyword (bike repair, bike repairs, repairing bikes) are
// counted and kept as one.
import nlp from 'compromise';

/** Text of one page read at most: compromise tags about a megabyte a second, and a page's opening names its subject. */
const PAGE_CHARS = 20_000;

/** Words that are nouns but name nothing a post could be about. */
const GENERIC = new Set(
  `way ways thing things lot lots kind kinds type types part parts bit bits one ones everything anything something nothing
  time times day days week weeks month months year years today tomorrow morning evening people person someone everyone
  home page pages site website click menu cookie cookies policy privacy terms rights copyright contact us info
  information welcome hello thanks number numbers example examples list lists more most less`
    .split(/\s+/)
    .filter(Boolean),
);

/** Adjectives that praise rather than classify: "fresh sourdough" is sourdough, "organic flour" is a kind of flour. */
const EVALUATIVE = new Set(
  `good great best better new fresh nice perfect real own little big small large many much other same different first last
  next few several whole entire every each various certain main amazing awesome beautiful wonderful excellent easy simple
  quick fast free full open warm latest top`
    .split(/\s+/)
    .filter(Boolean),
);

/** One word of a phrase: as written (lower case), its lemma, and what it is. */
interface Token {
  text: string;
  lemma: string;
  noun: boolean;
  gerund: boolean;
  adjective: boolean;
  plural: boolean;
}

/** A noun phrase as found: its words as written, the lemma key that groups its variants, and its lemmas in order. */
export interface NounPhrase {
  text: string;
  key: string;
  lemmas: string[];
  /** Starts with a gerund ("repairing bikes"): a variant to count, a last choice to show. */
  verbal: boolean;
}

interface Term {
  text: string;
  normal?: string;
  root?: string;
  pre: string;
  post: string;
  tags: string[];
}

/** The key variants of a phrase share: lemmas without hyphens, in sorted order. */
export function lemmaKey(lemmas: string[]): string {
  return [...new Set(lemmas.map((lemma) => lemma.replace(/[-‐]/g, '')))].sort().join(' ');
}

/** A term's punctuation after it ends the phrase (a hyphen joins words instead). */
const breaksAfter = (term: Term) => /[^\s-]/.test(term.post);
const breaksBefore = (term: Term) => /[^\s]/.test(term.pre);

/** The terms of a sentence as tokens, hyphenated words joined; null marks where a phrase must stop. */
function tokens(terms: Term[]): (Token | null)[] {
  const out: (Token | null)[] = [];
  for (let at = 0; at < terms.length; at++) {
    let term = terms[at] as Term;
    let text = (term.normal ?? term.text).toLowerCase();
    let lemma = (term.root ?? term.normal ?? term.text).toLowerCase();
    // "slow-fermented": compromise splits it; the parts read as one word.
    while (term.post === '-' && at + 1 < terms.length) {
      const next = terms[at + 1] as Term;
      text = `${text}-${(next.normal ?? next.text).toLowerCase()}`;
      lemma = `${lemma}-${(next.root ?? next.normal ?? next.text).toLowerCase()}`;
      term = next;
      at++;
    }
    const tags = new Set(term.tags);
    const named = tags.has('ProperNoun') || tags.has('Person') || tags.has('Organization') || tags.has('Place');
    const skip =
      named ||
      tags.has('Pronoun') ||
      tags.has('Possessive') ||
      tags.has('Date') ||
      tags.has('Value') ||
      tags.has('Determiner') ||
      !/\p{L}{2}/u.test(text);
    if (breaksBefore(term) && out.at(-1) !== null) out.push(null);
    if (skip) out.push(null);
    else
      out.push({
        text,
        lemma,
        noun: tags.has('Noun'),
        gerund: tags.has('Gerund'),
        adjective:
          tags.has('Adjective') && !tags.has('Comparative') && !tags.has('Superlative') && !EVALUATIVE.has(text),
        plural: tags.has('Plural'),
      });
    if (breaksAfter(term)) out.push(null);
  }
  return out;
}

/** Longest phrase counted: four words, so "origin coffee beans" is seen as part of "single origin coffee beans". */
const MAX_WORDS = 4;

/** The noun phrases (one to four words, ending in a noun) of a run of tokens between breaks. */
function phrasesOf(run: Token[], into: NounPhrase[]): void {
  for (let end = 0; end < run.length; end++) {
    const last = run[end] as Token;
    // A head is a noun, or a gerund after a noun ("e-bike servicing").
    const head = last.noun || (last.gerund && end > 0 && (run[end - 1] as Token).noun);
    if (!head || GENERIC.has(last.lemma) || EVALUATIVE.has(last.lemma)) continue;
    for (let size = 1; size <= MAX_WORDS && end - size + 1 >= 0; size++) {
      const words = run.slice(end - size + 1, end + 1);
      const first = words[0] as Token;
      if (size === 1 && (last.gerund || last.text.length < 3)) continue;
      if (!first.noun && !first.adjective) break;
      into.push({
        text: words.map((token) => token.text).join(' '),
        lemmas: words.map((token) => token.lemma),
        key: lemmaKey(words.map((token) => token.lemma)),
        verbal: false,
      });
    }
  }
}

/** Gerund + nouns ("repairing bikes"): the same subject as "bike repair", counted with it. */
function verbalPhrases(list: (Token | null)[], into: NounPhrase[]): void {
  for (let at = 0; at + 1 < list.length; at++) {
    const verb = list[at];
    if (!verb?.gerund || verb.noun) continue;
    const nouns: Token[] = [];
    for (let next = at + 1; next < list.length && nouns.length < 2; next++) {
      const token = list[next];
      if (!token?.noun) break;
      nouns.push(token);
    }
    if (!nouns.length || GENERIC.has((nouns.at(-1) as Token).lemma)) continue;
    const words = [verb, ...nouns];
    into.push({
      text: words.map((token) => token.text).join(' '),
      lemmas: words.map((token) => token.lemma),
      key: lemmaKey(words.map((token) => token.lemma)),
      verbal: true,
    });
  }
}

/** Every noun phrase of a text, in order, variants included. */
export function nounPhrases(text: string): NounPhrase[] {
  const found: NounPhrase[] = [];
  const doc = nlp(text.slice(0, PAGE_CHARS));
  doc.compute('root');
  for (const sentence of doc.json() as { terms: Term[] }[]) {
    const list = tokens(sentence.terms);
    let run: Token[] = [];
    for (const token of list) {
      if (token && (token.noun || token.adjective || token.gerund)) run.push(token);
      else {
        phrasesOf(run, found);
        run = [];
      }
    }
    phrasesOf(run, found);
    verbalPhrases(list, found);
  }
  return found;
}

/** The places a text names most, most often first (a local bakery's "Portland"). */
export function placesOf(text: string): string[] {
  const counts = new Map<string, number>();
  for (const place of nlp(text.slice(0, PAGE_CHARS)).places().out('array') as string[]) {
    const name = place.replace(/[^\p{L}\s'-]/gu, '').trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

/** How a phrase reads in a title: whether it names something (a noun phrase) and is plural, and its singular. */
export interface PhraseShape {
  nounPhrase: boolean;
  plural: boolean;
  /** The phrase with its head noun singular, to use as a modifier ("sourdough baking class prices"). */
  singular: string;
  /** The phrase as a title speaks of the thing in general: plural when countable ("wood-fired ovens"), else itself. */
  general: string;
  /** True when `general` is a plural (it takes "are", "work"). */
  generalPlural: boolean;
}

// Heads that name a substance or an activity: spoken of in general without a plural ("the benefits of wild yeast").
const MASS = new Set(
  `yeast sourdough dough rye wheat flour bread coffee tea wine beer cheese milk chocolate rice pasta meat fish fruit
  water oil salt sugar software hardware equipment furniture advice information research feedback training marketing
  insurance maintenance repair service care cleaning design hosting content traffic fitness health wellness skincare
  nutrition housing transport delivery shipping pricing storage security`
    .split(/\s+/)
    .filter(Boolean),
);

/** The shape of a keyword as English grammar sees it. */
export function phraseShape(phrase: string): PhraseShape {
  const terms = (nlp(phrase).compute('root').json() as { terms: Term[] }[]).flatMap((sentence) => sentence.terms);
  const last = terms.at(-1);
  if (!last) return { nounPhrase: false, plural: false, singular: phrase, general: phrase, generalPlural: false };
  const tags = new Set(last.tags);
  const first = new Set(terms[0]?.tags ?? []);
  const head = (last.root ?? last.normal ?? last.text).toLowerCase().replace(/^.*-/, '');
  const mass = tags.has('Uncountable') || tags.has('Gerund') || MASS.has(head);
  // "repairing bikes" names an activity: it reads after "to" or "for", not as a modifier ("7 repairing bikes tips").
  // A gerund before a singular countable noun is a compound instead ("feeding schedule", "baking class").
  const verbal = first.has('Gerund') && !first.has('Noun') && (tags.has('Plural') || mass);
  const nounPhrase =
    !verbal && tags.has('Noun') && !terms.some((term) => term.tags.includes('Verb') && !term.tags.includes('Gerund'));
  const plural = tags.has('Plural');
  let singular = phrase;
  if (plural) {
    const words = phrase.split(' ');
    const head = words.at(-1) ?? '';
    const root = last.root ?? last.normal ?? head;
    // compromise drops the hyphen of "e-bikes" in its root; such a word loses its plural s instead.
    words[words.length - 1] = head.includes('-') ? head.replace(/e?s$/, '') : root;
    singular = words.join(' ');
  }
  const general = plural || mass || !nounPhrase ? phrase : nlp(phrase).nouns().toPlural().text() || phrase;
  return {
    nounPhrase: nounPhrase || (!verbal && tags.has('Gerund') && terms.length > 1),
    plural,
    singular,
    general,
    generalPlural: plural || general !== phrase,
  };
}
