// The docs' code blocks, read the way a person reads them: each under its heading, in its language. Tests run
// exactly these blocks, so a command or configuration the docs show is one that has been run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './commands.ts';

export interface CodeBlock {
  file: string;
  heading: string;
  lang: string;
  text: string;
}

/** Every fenced code block of a markdown file of the project (path from the project folder). */
export function codeBlocks(file: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let heading = '';
  let open: CodeBlock | undefined;
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (open) {
      if (line.startsWith('```')) {
        blocks.push(open);
        open = undefined;
      } else open.text += `${line}\n`;
    } else if (line.startsWith('```')) open = { file, heading, lang: line.slice(3).trim(), text: '' };
    else if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, '').trim();
  }
  return blocks;
}

/** The one block of that language under that heading; throws when the docs no longer have it. */
export function docBlock(file: string, heading: string, lang: string): string {
  const found = codeBlocks(file).filter((block) => block.heading === heading && block.lang === lang);
  if (found.length !== 1) throw new Error(`${file} has ${found.length} ${lang} blocks under "${heading}", not one`);
  return found[0]!.text;
}

/** The commands of a sh block: one per line (a trailing backslash continues it), comments and blank lines dropped. */
export function commandLines(text: string): string[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
}

/** The text with each documented port replaced by one of the test's (whole numbers only: 4321 never matches 43210). */
export function withPorts(text: string, ports: Record<number, number>): string {
  return Object.entries(ports).reduce(
    (result, [from, to]) => result.replace(new RegExp(`(?<![0-9])${from}(?![0-9])`, 'g'), String(to)),
    text,
  );
}
