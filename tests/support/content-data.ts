// The data of a content file as Astro reads it: YAML, or a markdown file's front matter (for unit tests that check
// the content files without a build).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export function contentData(file: string): Record<string, unknown> {
  const source = readFileSync(file, 'utf8');
  return parse(file.endsWith('.md') ? source.match(/^---\n([\s\S]*?)\n---/)![1]! : source) as Record<string, unknown>;
}
