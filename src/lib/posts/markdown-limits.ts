// What markdown the server renders (issue 22), measured in one pass before any parsing: the markdown parser takes
// time that grows with the square of the * and _ marks of one paragraph, and overflows its stack on quotes or lists
// nested thousands deep. Real posts stay far below these limits; the render's time budget stops anything else.

/** Longest markdown a post may hold, in characters. */
export const MARKDOWN_MAX_LENGTH = 200_000;
/** Deepest nesting of quotes (>) and lists on one line. */
export const MARKDOWN_MAX_NESTING = 32;
/** Most * and _ marks in one paragraph, list item, heading or table row. */
export const MARKDOWN_MAX_EMPHASIS = 2_000;

export interface MarkdownProblem {
  type: 'too_long' | 'too_deep' | 'too_much_emphasis';
  msg: string;
}

const CONTAINER = /^[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** Columns of leading white space (a tab to the next multiple of 4). */
function indentOf(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === ' ') columns++;
    else if (char === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

function emphasisMarks(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 42 || code === 95) count++; // * _
  }
  return count;
}

/** Cells of a table line: its text between unescaped pipes, outer pipes left out. */
function cellCount(line: string): number {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).length;
}

/**
 * Why this markdown is refused before rendering (what to change, in the user's words), or null when it may be
 * rendered. Fenced and indented code is not counted: the parser never looks for emphasis in it.
 */
export function markdownProblem(source: string): MarkdownProblem | null {
  if (source.length > MARKDOWN_MAX_LENGTH)
    return {
      type: 'too_long',
      msg: `The markdown has ${source.length.toLocaleString('en')} characters; a post holds at most ${MARKDOWN_MAX_LENGTH.toLocaleString('en')}. Shorten it or split it into several posts.`,
    };
  const lines = source.split(/\r\n?|\n/);
  let fence = '';
  let marks = 0;
  let runStart = 0;
  let inTable = false;
  let inList = false;
  let previousBlank = true;
  let previousEndsRun = false;
  for (let number = 0; number < lines.length; number++) {
    const line = lines[number]!;
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && !line.slice(close[0].length).trim())
        fence = '';
      continue;
    }
    let rest = line;
    let depth = 0;
    let listItem = false;
    for (let match = CONTAINER.exec(rest); match && depth <= MARKDOWN_MAX_NESTING; match = CONTAINER.exec(rest)) {
      depth++;
      if (!match[0].trimStart().startsWith('>')) listItem = true;
      rest = rest.slice(match[0].length);
    }
    // Lists also nest by indentation: each level indents its items by two columns or more.
    if (listItem) depth += Math.floor(indentOf(line) / 2);
    if (depth > MARKDOWN_MAX_NESTING)
      return {
        type: 'too_deep',
        msg: `Line ${number + 1} nests quotes or lists more than ${MARKDOWN_MAX_NESTING} levels deep, more than can be shown. Remove some of the > or list markers (or indentation) at its start.`,
      };
    const blank = !rest.trim();
    const indented = indentOf(line) >= 4;
    const indentedCode: boolean = depth === 0 && indented && previousBlank && !inList;
    if (listItem) inList = true;
    else if (!blank && !indented && depth === 0) inList = false;
    const opening = indentedCode ? null : FENCE.exec(rest);
    if (opening) {
      fence = opening[1]!;
      previousBlank = false;
      previousEndsRun = true;
      continue;
    }
    const heading = /^[ \t]{0,3}#{1,6}(?:[ \t]|$)/.test(rest);
    if (blank) inTable = false;
    else if (
      !inTable &&
      number > 0 &&
      rest.includes('-') &&
      rest.includes('|') &&
      TABLE_DELIMITER.test(rest) &&
      cellCount(rest) === cellCount(lines[number - 1]!.replace(CONTAINER, ''))
    ) {
      inTable = true;
      previousEndsRun = true;
    }
    // A new paragraph, list item, heading or table row starts a new count; a wrapped line continues one.
    if (blank || listItem || heading || inTable || indentedCode || previousEndsRun) {
      marks = 0;
      runStart = blank ? number + 1 : number;
    }
    if (!indentedCode) marks += emphasisMarks(rest);
    if (marks > MARKDOWN_MAX_EMPHASIS)
      return {
        type: 'too_much_emphasis',
        msg: `The paragraph from line ${runStart + 1} has more than ${MARKDOWN_MAX_EMPHASIS.toLocaleString('en')} * and _ marks, more than can be rendered. Split it into shorter paragraphs, or put code and runs of symbols in a code block (between \`\`\` lines).`,
      };
    previousBlank = blank || (previousBlank && indentedCode);
    previousEndsRun = heading;
  }
  return null;
}
