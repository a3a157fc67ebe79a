// The "AI-assisted" note (issue 27): one wording for the hosted blog, its JSON-LD and the setting that turns it on.

/** The note's label, shown first. */
export const AI_NOTE_LABEL = 'AI-assisted';

/** The note as readers and machines read it (the page's text and the JSON-LD `backstory`). */
export const AI_NOTE_TEXT = 'AI-assisted: this post was written with the help of AI.';
