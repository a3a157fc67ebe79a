// A throw-away copy of the site (sources, content, config; node_modules linked) for tests that edit content files
// and build or serve the copy, so the worktree's own files are never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
// api: the API reference page (/docs/api) is built from the routes' schemas.
const COPIED = [
  'src',
  'api',
  'public',
  'scripts',
  'astro.config.mjs',
  'keystatic.config.ts',
  'tsconfig.json',
  'package.json',
];

export interface SiteCopy {
  dir: string;
  /** Reads a file of the copy, path relative to its root. */
  read(path: string): string;
  /** Rewrites a file of the copy with `change` applied to its text; throws when the change left it as it was. */
  edit(path: string, change: (text: string) => string): void;
  /** Runs `astro <args>` in the copy (Node 24 from node_modules) and returns its exit code and output, colours removed. */
  astro(args: string[], env?: Record<string, string>): { status: number | null; output: string };
  remove(): void;
}

/** Copies the site into a fresh temp folder. */
export function copySite(): SiteCopy {
  const dir = mkdtempSync(join(tmpdir(), 'inkpilot-site-'));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // the dev server serves only files under its root; node_modules is linked from the worktree, so allow that too,
  // and where it really is when the worktree's own node_modules is a link to a shared install
  const config = join(dir, 'astro.config.mjs');
  const source = readFileSync(config, 'utf8');
  const allow = [dir, ROOT, realpathSync(join(ROOT, 'node_modules'))];
  const allowed = source.replace(
    'vite: { plugins: [tailwindcss()] }',
    `vite: { plugins: [tailwindcss()], server: { fs: { allow: ${JSON.stringify(allow)} } } }`,
  );
  if (allowed === source) throw new Error('site-copy: astro.config.mjs has no vite block to extend');
  writeFileSync(config, allowed);
  return {
    dir,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    edit(path, change) {
      const before = readFileSync(join(dir, path), 'utf8');
      const after = change(before);
      if (after === before) throw new Error(`edit of ${path} changed nothing`);
      writeFileSync(join(dir, path), after);
    },
    astro(args, env = {}) {
      const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, DIST_DIR: join(dir, 'dist'), ...env },
      });
      // Astro colours its errors whenever the environment asks for colour (CI does), which splits field names from
      // their messages with escape codes; tests read the text a person reads.
      return { status: result.status, output: stripVTControlCharacters(`${result.stdout}\n${result.stderr}`) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
