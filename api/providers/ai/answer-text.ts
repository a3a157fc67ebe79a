// Models asked for markdown often wrap all of it in a fence (```markdown … ```), which would show as one code block.

const WHOLE_FENCE = /^```(?:markdown|md|mdx|text)?[^\S\n]*\n([\s\S]*?)\n?```$/i;

/** The text inside a fence that wraps the whole answer; any other text unchanged (a post may hold code blocks). */
export function unwrapFence(text: string): string {
  const trimmed = text.trim();
  const match = WHOLE_FENCE.exec(trimmed);
  return match ? (match[1] ?? '').trim() : trimmed;
}
