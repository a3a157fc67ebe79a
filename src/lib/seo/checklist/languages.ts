// Language names for messages ("no readability formula for Japanese"), from the platform's own tables.

let names: Intl.DisplayNames | null | undefined;

/** The English name of a language code ('ja' → 'Japanese'), or the code itself when the platform has none. */
export function languageName(code: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      names = null;
    }
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
