// Reading a writer's brief as a reviewer would: which of its sentences are quotes of the site (and whether each is
// really the site's own), and the template of each sentence the brief wrote itself, so a test can say that no
// template appears twice.

/** The quotations of a brief (“…” followed by the link to the page they are from). */
export function briefQuotes(markdown: string): { text: string; url: string }[] {
  return [...markdown.matchAll(/“([^”]+)” — \[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => ({
    text: match[1]!,
    url: match[2]!,
  }));
}

/**
 * The template of every sentence of four words or more the brief wrote itself: quotes and links taken out, and the
 * words that vary per post (topic, keywords, headings, titles) replaced by "X". Two equal templates are one sentence
 * pattern used twice.
 */
export function sentenceTemplates(markdown: string, vocabulary: string[]): string[] {
  const phrases = [...new Set(vocabulary.map((phrase) => phrase.trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  const words = new Set(vocabulary.flatMap((phrase) => phrase.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []));
  let text = markdown.replace(/“[^”]*”/g, 'Q').replace(/\[[^\]]*\]\([^)]*\)/g, 'L');
  for (const phrase of phrases)
    text = text.replace(new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), 'X');
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) =>
      sentence
        .replace(/^\s*(#+|[-*>]|\d+\.)\s*/, '')
        .replace(/\*\*/g, '')
        .split(/\s+/)
        .map((word) => (words.has(word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')) ? 'X' : word))
        .join(' ')
        .trim(),
    )
    .filter((sentence) => sentence.split(' ').length >= 4);
}
