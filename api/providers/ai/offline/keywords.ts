import { isContentWord, STOP_WORDS, words } from './text.ts';

/**
 * Keyphrases of a site: RAKE candidates (runs of content words between stop words and punctuation, up to 3 words)
 * scored by the TF-IDF of their words across the site's pages, so terms the whole site keeps returning to rank above
 * words one page happens to repeat. Deterministic: ties break alphabetically. `language` is the pages' language (ISO
 * code), for rules of that language; the stop words are English's for now.
 */
export function extractKeywords(pages: string[], limit = 10, _language = 'en'): string[] {
  const documents = pages.map((page) => words(page));
  const total = documents.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const document of documents)
    for (const word of new Set(document)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const termFrequency = new Map<string, number>();
  for (const document of documents)
    for (const word of document) termFrequency.set(word, (termFrequency.get(word) ?? 0) + 1);
  // Smoothed IDF that never goes to zero: a word on every page of a small site is still the site's subject.
  const weight = (word: string) =>
    (termFrequency.get(word) ?? 0) * (1 + Math.log((1 + total) / (1 + (documentFrequency.get(word) ?? 0))));

  const phraseCounts = new Map<string, number>();
  for (const page of pages) {
    for (const chunk of page.toLowerCase().split(/[.,;:!?()[\]{}"“”|•·\n\r\t/\\]+|\s[-–—]\s/u)) {
      let run: string[] = [];
      const flush = () => {
        // Every 1- to 3-word n-gram of the run of content words is a candidate.
        for (let start = 0; start < run.length; start++) {
          for (let size = 1; size <= 3 && start + size <= run.length; size++) {
            const phrase = run.slice(start, start + size).join(' ');
            phraseCounts.set(phrase, (phraseCounts.get(phrase) ?? 0) + 1);
          }
        }
        run = [];
      };
      for (const word of words(chunk)) {
        if (isContentWord(word)) run.push(word);
        else flush();
      }
      flush();
    }
  }

  const scored = [...phraseCounts]
    .filter(([phrase, count]) => (phrase.includes(' ') ? count >= 2 : true) && !STOP_WORDS.has(phrase))
    .map(([phrase, count]) => {
      const parts = phrase.split(' ');
      const score =
        parts.reduce((sum, word) => sum + weight(word), 0) / Math.sqrt(parts.length) + (parts.length > 1 ? count : 0);
      return { phrase, score };
    })
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));

  const chosen: string[] = [];
  for (const { phrase } of scored) {
    if (chosen.length >= limit) break;
    // Skip a phrase already covered by a better one (one inside the other), so ten keywords say ten things.
    if (chosen.some((taken) => contains(taken, phrase) || contains(phrase, taken))) continue;
    chosen.push(phrase);
  }
  return chosen;
}

/** True when the words of `inner` appear together inside `outer`. */
function contains(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}
