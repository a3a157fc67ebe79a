// The post written part by part with a model: the introduction, each section of the outline and the conclusion are
// one text request each, so a long post works with a model whose output limit is small, and each part is a step of
// its own (a resumed run does not ask for a finished part again).
import { isContentWord, words } from '../../providers/ai/offline/text.ts';
import { oneLine, type Outline, type ResearchNote, type StyleGuide } from '../shapes.ts';
import { voiceExamplesPrompt } from '../voice-examples.ts';

/** One part of the post to write. */
export interface PlannedPart {
  step: string;
  heading: string;
  kind: 'introduction' | 'section' | 'conclusion';
  points: string[];
  words: number;
  notes: ResearchNote[];
}

/** A part as written: what the run view and the post get. */
export interface WrittenPart {
  heading: string;
  markdown: string;
  written_by: string;
}

const CLOSING =
  /^(conclusion|summary|key takeaways|takeaways|final thoughts|wrapping up|in summary|the bottom line)\b/i;
const OPENING = /^(introduction|intro|overview)$/i;
/** Notes given to one part: the most relevant few (a part's prompt stays small). */
const NOTES_PER_PART = 4;

const stems = (text: string) =>
  new Set(
    words(text)
      .filter(isContentWord)
      .map((word) => word.replace(/s$/, '')),
  );

/** The notes that share the most words with a part (its heading counting double), best first. */
export function notesFor(notes: ResearchNote[], heading: string, points: string[], topic: string): ResearchNote[] {
  const own = stems(heading);
  const around = stems(`${points.join(' ')} ${topic}`);
  return notes
    .map((note, index) => {
      let score = 0;
      for (const word of stems(`${note.title} ${note.passage}`))
        score += (own.has(word) ? 2 : 0) + (around.has(word) ? 1 : 0);
      return { note, index, score };
    })
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, NOTES_PER_PART)
    .map((entry) => entry.note);
}

/**
 * The parts of a post of about `total` words: an introduction and a conclusion of about half a section each (the
 * outline's own opening or closing section serving as one when it has it), and its sections.
 */
export function planParts(outline: Outline, total: number, notes: ResearchNote[], topic: string): PlannedPart[] {
  const sections = outline.sections.filter((section) => !OPENING.test(oneLine(section.heading)));
  const last = sections.at(-1);
  const closing = last && CLOSING.test(oneLine(last.heading)) ? last : undefined;
  const body = closing ? sections.slice(0, -1) : sections;
  const unit = Math.max(60, Math.round(total / (body.length + 1.2)));
  const part = (
    step: string,
    heading: string,
    kind: PlannedPart['kind'],
    points: string[],
    share: number,
  ): PlannedPart => ({
    step,
    heading,
    kind,
    points,
    words: Math.round(unit * share),
    notes: notesFor(notes, heading, points, topic),
  });
  return [
    part('introduction', 'Introduction', 'introduction', [], 0.6),
    ...body.map((section, index) =>
      part(`section-${index + 1}`, oneLine(section.heading), 'section', section.points, 1),
    ),
    part('conclusion', closing ? oneLine(closing.heading) : 'Conclusion', 'conclusion', closing?.points ?? [], 0.6),
  ];
}

/** The system prompt every part is written with: the brand's voice, rules and facts, and how to cite. */
export function systemPrompt(guide: StyleGuide | undefined, extra: string[]): string {
  const voice = voiceExamplesPrompt(guide);
  return [
    "You write one part of a blog post at a time, in markdown, in the brand's voice. Write only the body of the part you are given: no heading for it (it is added for you), ### subheadings if it needs them, never # or ## headings.",
    "Cite your research: right after a sentence that uses a fact, number or quotation from a research note, put a markdown link to that note's URL, like [Source title](https://…). Never invent numbers, quotations or sources; take them only from the notes and the brand facts.",
    `Brand voice: ${guide?.brand_voice ?? ''}`,
    `Writing rules: ${guide?.writing_style_guide ?? ''}`,
    `Brand facts: ${guide?.base_knowledge ?? ''}`,
    ...(voice ? [voice] : []),
    ...extra,
  ].join('\n');
}

/** What was written before a part, in short: each earlier part's heading and opening, then the last part's end. */
export function writtenSoFar(parts: WrittenPart[]): string {
  if (!parts.length) return '(nothing yet: this is the first part)';
  const lines = parts.map((part) => {
    const opening = oneLine(part.markdown.replace(/[#>*_`]/g, '')).split(/(?<=[.!?])\s/)[0] ?? '';
    return `- ${part.heading}: ${opening.slice(0, 200)}`;
  });
  const last =
    parts
      .at(-1)
      ?.markdown.split(/\n{2,}/)
      .at(-1) ?? '';
  return `${lines.join('\n')}\nThe previous part ended:\n${last.slice(0, 800)}`;
}

/** The request for one part: the post's plan, this part, its notes and what came before. */
export function partPrompt(input: {
  title: string;
  keyword: string;
  secondary: string[];
  outline: Outline;
  part: PlannedPart;
  before: WrittenPart[];
}): string {
  const { part } = input;
  const outline = input.outline.sections
    .map(
      (section, index) =>
        `${index + 1}. ${oneLine(section.heading)}${section.points.length ? ` — ${section.points.map(oneLine).join('; ')}` : ''}`,
    )
    .join('\n');
  const role =
    part.kind === 'introduction'
      ? 'the introduction (before the first section): open with what the reader gets from the post, and use the target keyword in its first paragraph'
      : part.kind === 'conclusion'
        ? 'the conclusion: sum up and tell the reader what to do next'
        : 'one section of the post';
  const notes = part.notes.length
    ? part.notes
        .map((note, index) => `[${index + 1}] ${oneLine(note.title)} <${note.url}>: ${oneLine(note.passage)}`)
        .join('\n')
    : '(none for this part: state no figures or quotations you cannot source)';
  return [
    `Post title: ${oneLine(input.title)}`,
    `Target keyword: ${oneLine(input.keyword)}`,
    `Secondary keywords: ${input.secondary.map(oneLine).join(', ')}`,
    `Outline:\n${outline}`,
    `You are writing ${role}.`,
    `Section: ${part.heading}`,
    ...(part.points.length ? [`Points to cover: ${part.points.map(oneLine).join('; ')}`] : []),
    `Research notes for this part (cite by linking the URL right after the claim):\n${notes}`,
    `Written so far:\n${writtenSoFar(input.before)}`,
    `Write about ${part.words} words.`,
  ].join('\n');
}

/**
 * A part's answer as the post's markdown: a heading the model repeated at its start is dropped (the writer adds its
 * own), and # or ## headings inside become ### so the post's sections stay the outline's.
 */
export function cleanPart(text: string): string {
  return text
    .trim()
    .replace(/^#{1,6}\s[^\n]*\n+/, '')
    .replace(/^#{1,2}\s/gm, '### ')
    .trim();
}

/** The words of a text, as the run view counts them. */
export const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
