// The writer's brief: what an offline run makes instead of prose (issue 27). A post whose body is still the brief is
// never published; these are the words that say so and the rule that tells when the body stopped being the brief.

/** The label a brief carries wherever it is shown (the post's draft_label). */
export const BRIEF_LABEL = "writer's brief — no AI configured";

/** What wrote a part of a brief (the editor's "what wrote each part"). */
export const BRIEF_WRITER = "writer's brief (offline)";

/** Why publishing (now, on a schedule, by a run or the autopilot) a post that is still the brief is refused. */
export const BRIEF_REFUSAL =
  "This post is still the writer's brief. Write the post in the editor, or configure an AI model (Advanced → AI model) and generate it again.";

/** How much of the body may still be the brief's own lines for it to count as written: less than half. */
export const BRIEF_SHARE = 0.5;

const lineKey = (line: string) => line.replace(/\s+/g, ' ').trim();
const wordsIn = (line: string) => line.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** The share (0–1) of the body's words that are lines of the brief as it was generated; 0 for an empty body. */
export function briefShare(brief: string, markdown: string): number {
  const lines = new Set(brief.split('\n').map(lineKey).filter(Boolean));
  let total = 0;
  let fromBrief = 0;
  for (const line of markdown.split('\n').map(lineKey)) {
    const count = wordsIn(line);
    total += count;
    if (lines.has(line)) fromBrief += count;
  }
  return total === 0 ? 0 : fromBrief / total;
}

/** Whether a body is still the brief: half or more of its words are the brief's own lines. */
export const isStillBrief = (brief: string, markdown: string) => briefShare(brief, markdown) >= BRIEF_SHARE;
