// Issue 17: the browser editor (Keystatic) is for `astro dev` only. The production build must hold neither its
// pages nor its API nor its code: nothing under /keystatic or /api/keystatic, no Keystatic module in any bundle.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = process.env.DIST_DIR ?? 'dist';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe.skipIf(!existsSync(join(dist, 'client')))('the production build leaves the editor out', () => {
  it('has no editor page, API route or Keystatic code in the client or the server output', () => {
    const all = files(dist).filter((path) => !/\.(br|gz)$/.test(path));
    expect(all.filter((path) => /keystatic/i.test(path))).toEqual([]);
    const mentions = all.filter(
      (path) =>
        /\.(html|m?js|json)$/.test(path) &&
        /@keystatic|keystatic-astro|\/api\/keystatic/.test(readFileSync(path, 'utf8')),
    );
    expect(mentions).toEqual([]);
  });
});
