import type { FieldIssue } from './errors.ts';

// What no route can store, whatever its schema says: PostgreSQL text and jsonb cannot hold the NUL character, and a
// value nested thousands deep overflows the stack of whoever walks it next (JSON.stringify, zod, a renderer).

/** Deepest nesting of lists and objects a request may send (the deepest body the API defines has 5 levels). */
export const MAX_INPUT_DEPTH = 32;

export const NUL_MESSAGE =
  'This text contains a NUL character (\\u0000), which cannot be stored. Remove it and send again.';
export const TOO_DEEP_MESSAGE = `This value nests lists or objects more than ${MAX_INPUT_DEPTH} levels deep. Flatten it and send again.`;

/** Whether a string holds NUL (the one character Postgres text refuses). */
export const hasNul = (text: string) => text.includes('\u0000');

/**
 * The first part of a parsed JSON value (in document order) that cannot be stored, as an issue located under
 * `where`; null when all is well. Iterative, so a hostile depth cannot overflow this walk either.
 */
export function unstorablePart(value: unknown, where: 'body' | 'query'): FieldIssue | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (hasNul(item)) return { loc: [where, ...path], msg: NUL_MESSAGE, type: 'string_nul' };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH)
      return { loc: [where, ...fieldOf(path)], msg: TOO_DEEP_MESSAGE, type: 'too_deep' };
    const children: { value: unknown; path: (string | number)[] }[] = [];
    if (Array.isArray(item)) item.forEach((child, index) => children.push({ value: child, path: [...path, index] }));
    else
      for (const [key, child] of Object.entries(item)) {
        if (hasNul(key)) return { loc: [where, ...path, key], msg: NUL_MESSAGE, type: 'string_nul' };
        children.push({ value: child, path: [...path, key] });
      }
    // In document order next (a loop, not a spread: a hostile array may hold more items than a call takes arguments).
    for (const child of children.reverse()) stack.push(child);
  }
  return null;
}

/** The field that holds a too-deep value: the path up to its last named key (list positions below it dropped). */
function fieldOf(path: (string | number)[]): (string | number)[] {
  let end = path.length;
  while (end > 0 && typeof path[end - 1] === 'number') end--;
  return end > 0 ? path.slice(0, end) : path.slice(0, 1);
}
