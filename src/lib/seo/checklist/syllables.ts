// Syllables per word for the readability formulas, one counter per language. Each is a rule-based estimate (vowel
// groups with the language's diphthongs, hiatus and silent letters), as readability tools use: exact hyphenation would
// need a dictionary per language, and a formula averaged over hundreds of words does not need it.

export type SyllableCounter = (word: string) => number;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** English: vowel groups, less silent endings (-e, -es, -ed), plus the hiatus of -ia-, -io- in words like "reptilian". */
export const englishSyllables: SyllableCounter = (raw) => {
  let word = raw.toLowerCase().replace(/[^a-z]/g, '');
  if (!word) return 0;
  if (word.length <= 3) return 1;
  let extra = 0;
  // "australian", "media", "material": i + vowel is two syllables, except in -cia-/-tia-/-sia-/-gia- ("social").
  extra += count(word, /[^cstgaeiou]ia/g);
  // "radio", "biology": i + o, except "-ion" ("nation", "million").
  extra += count(word, /[^cstaeiou]io(?!n)/g);
  // "create", "area": e + a before a consonant and an ending e, or at the end.
  if (word.length > 4) extra += count(word, /[^aeiou]ea(?:te$|$)/g);
  if (!/(?:[sxzcg]|ch|sh)es$/.test(word) && !/[td]ed$/.test(word))
    word = word.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '');
  word = word.replace(/^y/, '');
  return Math.max(1, count(word, /[aeiouy]{1,2}/g) + extra);
};

/**
 * Languages that write every vowel they say (Spanish, Italian, Portuguese): a vowel group is one syllable per strong
 * vowel (a, e, o and accented ones); weak i and u join their neighbours in a diphthong.
 */
function strongWeak(strong: RegExp, vowels: RegExp, nasal?: RegExp): SyllableCounter {
  return (raw) => {
    const word = raw
      .toLowerCase()
      .replace(/y(?=[^aeiouáéíóúâêôãõàèìòùü]|$)/g, 'i') // y sounds as a vowel only before a consonant or at the end
      .replace(/([qg])u(?=[eiéí])/g, '$1'); // que, qui, gue, gui: the u is silent
    let syllables = 0;
    for (const group of word.match(vowels) ?? []) {
      const strongs = count(group, strong);
      syllables += Math.max(1, strongs - (nasal ? count(group, nasal) : 0));
    }
    return Math.max(1, syllables);
  };
}

export const spanishSyllables = strongWeak(/[aeoáéóíú]/g, /[aeiouáéíóúü]+/g);
export const italianSyllables = strongWeak(/[aeoàèéìíòóùú]/g, /[aeiouàèéìíòóùú]+/g);
/** Portuguese: nasal diphthongs (ão, ãe, õe) are one syllable. */
export const portugueseSyllables = strongWeak(/[aeoáéóâêôãõíúà]/g, /[aeiouáéóâêôãõíúàü]+/g, /ão|ãe|õe/g);

/** Vowel groups split between vowels that are not one of the language's diphthongs or long vowels. */
function withDiphthongs(vowels: RegExp, pairs: string[], prepare: (word: string) => string = (word) => word) {
  const joined = new Set(pairs);
  const longest = Math.max(...pairs.map((pair) => pair.length));
  return (raw: string) => {
    const word = prepare(raw.toLowerCase());
    let syllables = 0;
    for (const group of word.match(vowels) ?? []) {
      let at = 0;
      while (at < group.length) {
        let step = 1;
        for (let size = Math.min(longest, group.length - at); size > 1; size--) {
          if (joined.has(group.slice(at, at + size))) {
            step = size;
            break;
          }
        }
        syllables++;
        at += step;
      }
    }
    return Math.max(1, syllables);
  };
}

/** German: ei, ie, au, eu, äu, ai and doubled vowels are one syllable; qu's u is silent. */
export const germanSyllables: SyllableCounter = withDiphthongs(
  /[aeiouyäöü]+/g,
  ['ei', 'ie', 'au', 'eu', 'äu', 'ai', 'ey', 'ay', 'aa', 'ee', 'oo', 'ou'],
  (word) => word.replace(/qu/g, 'q'),
);

/** Dutch: long vowels and diphthongs (aa, ee, oo, uu, ie, oe, eu, ei, ij, ui, ou, au, ieu, eeu, oei, aai, ooi). */
export const dutchSyllables: SyllableCounter = withDiphthongs(
  /[aeiouyëïéèüö]+/g,
  ['aa', 'ee', 'oo', 'uu', 'ie', 'oe', 'eu', 'ei', 'ui', 'ou', 'au', 'ieu', 'eeu', 'oei', 'aai', 'ooi'],
  (word) => word.replace(/ij/g, 'y').replace(/qu/g, 'q'),
);

/**
 * French: vowel groups (ai, au, eau, ou, oi, eu… are one), a silent final e or es, and a new syllable at é before a
 * vowel ("créer") or a vowel with a diaeresis ("naïf", "Noël").
 */
export const frenchSyllables: SyllableCounter = (raw) => {
  const word = raw
    .toLowerCase()
    .replace(/qu/g, 'q')
    .replace(/gu(?=[eiéèê])/g, 'g');
  const groups = word.match(/[aeiouyàâäéèêëîïôöùûüÿœæ]+/g) ?? [];
  // Each group is one syllable, and a hiatus inside one adds one (not the mute ending of "année").
  let syllables = groups.length + count(word, /é(?=[aeiouyàâ])(?!es?$)|[aeiouyàâäéèêëîïôöùûüÿœæ](?=[ïëü])/g);
  // A final e (or es) after a consonant is not said: "voiture" is two syllables, "tables" one.
  if (groups.length > 1 && groups.at(-1) === 'e' && /es?$/.test(word)) syllables--;
  return Math.max(1, syllables);
};
