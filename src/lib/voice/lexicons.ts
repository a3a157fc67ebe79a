// The word lists the voice analysis needs, per language. A measure whose list a language lacks is reported as "not
// measured for <language>" instead of being guessed. English has every list; Spanish, Portuguese, French and German
// have person and function words (so person, favourite words and phrases are measured), not formality.

/** What the analysis knows of one language. */
export interface Lexicon {
  /** Function words: never a favourite word, and a phrase made only of them is not a phrase. */
  stop: ReadonlySet<string>;
  /** Words that mark the writer as I, as we, and the reader as you. */
  person?: { i: ReadonlySet<string>; we: ReadonlySet<string>; you: ReadonlySet<string> };
  /** Formality markers: contractions, hedges and words of formal prose. */
  formality?: {
    isContraction: (word: string) => boolean;
    hedges: ReadonlySet<string>;
    formal: ReadonlySet<string>;
  };
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

const ENGLISH_STOP = set(`
  a about above after again against all almost along also although always am among an and another any anyone anything
  are around as at away back be became because become been before being below between both but by can cannot could
  did do does doing done down during each either else enough even ever every few for from further get gets getting got
  had has have having he her here hers herself him himself his how however i if in into is it its itself just least
  less let like made make makes many may me might more most much must my myself never no nor not now of off often on
  once one only onto or other others our ours ourselves out over own per quite rather really same see she should since
  so some something still such than that the their theirs them themselves then there these they thing things this
  those though through thus to too two under until up upon us use used using very want was way we well were what
  whatever when where whether which while who whom whose why will with within without would yet you your yours
  yourself yourselves i'm i've i'd i'll you're you've you'd you'll we're we've we'd we'll they're they've they'd
  they'll it's that's there's here's what's who's let's don't doesn't didn't isn't aren't wasn't weren't can't
  couldn't won't wouldn't shouldn't haven't hasn't hadn't go goes going went come comes came take takes took know
  knew say says said first new good time year years day days lot lots bit part sure right just also three four five`);

const ENGLISH_CONTRACTION =
  /^(?:[a-z]+n't|[a-z]+'(?:re|ve|ll|d|m)|(?:it|that|here|there|what|who|where|how|let|he|she)'s|y'all)$/;

const ENGLISH: Lexicon = {
  stop: ENGLISH_STOP,
  person: {
    i: set("i me my mine myself i'm i've i'd i'll"),
    we: set("we us our ours ourselves we're we've we'd we'll let's"),
    you: set("you your yours yourself yourselves you're you've you'd you'll y'all"),
  },
  formality: {
    isContraction: (word) => ENGLISH_CONTRACTION.test(word),
    hedges: set(`maybe perhaps possibly probably might seems seem seemed seemingly apparently arguably likely presumably
      supposedly somewhat fairly relatively generally typically`),
    formal: set(`therefore furthermore moreover thus hence consequently accordingly nevertheless nonetheless
      notwithstanding whereby wherein whereas thereby therein herein hereby subsequently additionally regarding pursuant
      prior utilise utilize utilised utilized utilisation utilization commence commenced facilitate facilitates
      endeavour endeavor aforementioned constitute constitutes demonstrate demonstrates obtain obtained sufficient
      numerous approximately individuals ensure ensures implement implemented implementation respective respectively
      inasmuch henceforth heretofore shall optimal optimise optimize methodology substantial considerable significant
      significantly`),
  },
};

const SPANISH: Lexicon = {
  stop: set(`a al algo algunos ante antes como con contra cual cuando de del desde donde dos durante e el ella ellas
    ellos en entre era es esa ese eso esta estaba estas este esto estos fue ha hace hay la las le les lo los más me mi
    muy nada ni no nos nuestra nuestro o os otra otro para pero poco por porque que quien se ser si sin sobre son su
    sus también te tiene tu tus un una uno unos usted y ya yo`),
  person: {
    i: set('yo me mi mis mío mía míos mías conmigo'),
    we: set('nosotros nosotras nuestro nuestra nuestros nuestras'),
    you: set('tú tu tus te ti contigo usted ustedes vosotros vosotras vuestro vuestra vuestros vuestras'),
  },
};

const PORTUGUESE: Lexicon = {
  stop: set(`a ao aos as até com como da das de do dos e ela elas ele eles em entre era essa esse isso esta este eu foi
    há isto já lhe mais mas me meu minha muito na nas nem no nos nossa nosso num numa o os ou para pela pelas pelo
    pelos por porque quando que quem se sem ser seu seus sua suas são também te tem um uma umas uns você vocês à às é`),
  // "nos" is left out of "we": it is mostly "in the" (em + os).
  person: {
    i: set('eu me mim meu minha meus minhas comigo'),
    we: set('nós nosso nossa nossos nossas conosco'),
    you: set('você vocês tu te ti teu tua teus tuas contigo'),
  },
};

const FRENCH: Lexicon = {
  stop: set(`a au aux avec ce ces cet cette comme dans de des du elle elles en est et eux il ils je la le les leur
    leurs lui ma mais me mes moi mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sont sur ta te tes
    toi ton tu un une vos votre vous y à été être c'est d'un d'une l'on qu'il`),
  person: {
    i: set("je j' me m' moi mon ma mes"),
    we: set('nous notre nos'),
    you: set("tu te t' toi ton ta tes vous votre vos"),
  },
};

const GERMAN: Lexicon = {
  stop: set(`aber als am an auch auf aus bei bin bis das dass dem den der des die doch du ein eine einem einen einer
    eines er es für hat hatte ich ihr im in ist ja kein mit nach nicht noch nur oder sich sie sind so um und uns unter
    vom von vor war was wenn wie wir wird zu zum zur über`),
  // "ihr" and "Sie" are left out of "you": both are as often "her", "their", "she" or "they".
  person: {
    i: set('ich mich mir mein meine meinen meinem meiner meines'),
    we: set('wir uns unser unsere unseren unserem unserer unseres'),
    you: set('du dich dir dein deine deinen deinem deiner deines euch euer eure'),
  },
};

const LEXICONS: Record<string, Lexicon> = { en: ENGLISH, es: SPANISH, pt: PORTUGUESE, fr: FRENCH, de: GERMAN };

/** The primary language subtag ('pt-BR' → 'pt'), lower case; 'und' for an empty or unreadable tag. */
export function primaryLanguage(tag: string | null | undefined): string {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'und';
}

/** The lists known for a language, or null when it has none. */
export function lexiconOf(language: string): Lexicon | null {
  return LEXICONS[primaryLanguage(language)] ?? null;
}

/**
 * The language of some words, guessed from the function words they share with each known language: the language
 * whose function words make at least a fifth of them, else 'und'. Used when a page does not say its language.
 */
export function guessLanguage(words: string[]): string {
  if (words.length === 0) return 'und';
  let best = 'und';
  let bestShare = 0.2;
  for (const [language, lexicon] of Object.entries(LEXICONS)) {
    const share = words.filter((word) => lexicon.stop.has(word)).length / words.length;
    if (share > bestShare) {
      best = language;
      bestShare = share;
    }
  }
  return best;
}

/** A language's name in English ("Portuguese"), or the tag itself when the runtime has no name for it. */
export function languageName(language: string): string {
  if (language === 'und') return 'this language';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}
