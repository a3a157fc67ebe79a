// Models asked for JSON answer with the object alone, inside a ```json fence, after a sentence of prose ("Sure! Here
// is…"), or with prose and a fence both. This finds the object wherever it is.

const FENCE = /```[\w-]*[^\S\n]*\n?([\s\S]*?)```/g;

/** Parses text that is exactly one JSON object (an array or a string is not one). */
function asObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The balanced `{…}` spans of a text, one from each opening brace in reading order (so an object nested in prose that
 * looks like an object is found too): braces inside JSON strings (with their escapes) do not count, so `{"a": "}"}`
 * is one span. A span still open at the end of the text is not returned.
 */
export function* objectSpans(text: string): Generator<string> {
  for (let start = text.indexOf('{'); start !== -1; ) {
    let depth = 0;
    let inString = false;
    let end = -1;
    for (let index = start; index < text.length; index++) {
      const char = text[index];
      if (inString) {
        if (char === '\\') index++;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '{') depth++;
      else if (char === '}' && --depth === 0) {
        end = index;
        break;
      }
    }
    if (end !== -1) yield text.slice(start, end + 1);
    start = text.indexOf('{', start + 1);
  }
}

/**
 * The JSON object a model's answer holds: the whole answer, else the first fenced block that is one, else the first
 * balanced span that parses (inside fences first, then anywhere). Undefined when there is none.
 */
export function extractJsonObject(answer: string): Record<string, unknown> | undefined {
  const text = answer.trim();
  const whole = asObject(text);
  if (whole) return whole;
  const fenced = [...text.matchAll(FENCE)].map((match) => (match[1] ?? '').trim());
  for (const block of fenced) {
    const value = asObject(block);
    if (value) return value;
  }
  for (const candidate of [...fenced, text]) {
    for (const span of objectSpans(candidate)) {
      const value = asObject(span);
      if (value) return value;
    }
  }
  return undefined;
}
