// Where SQL lives (docs/decisions.md, "Issue 23: where SQL lives"): every statement is in a service's queries.ts or
// queries/ folder or in api/db/. This build check parses every source file of the app (TypeScript's own parser, so a
// template in a comment or a string is not mistaken for one, and one in a .astro page's frontmatter is found) and
// fails on a tagged template or an `.unsafe(...)` call anywhere else. Tests and bench/ are exempt.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The folders and root files the app is built from; tests/ and bench/ are not part of it. */
const SOURCES = ['api', 'src', 'scripts', 'astro.config.mjs', 'keystatic.config.ts'];
const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|astro)$/;

/** Where statements belong. */
const isSqlHome = (path: string) =>
  /^api\/(.+\/)?queries\.ts$/.test(path) || /^api\/(.+\/)?queries\//.test(path) || path.startsWith('api/db/');

/** Tags whose templates are not SQL. */
const NOT_SQL_TAGS = new Set(['String.raw']);

interface SqlSite {
  line: number;
  text: string;
}

/** Every tagged template (other than NOT_SQL_TAGS) and `.unsafe(...)` call of a source text. */
function sqlSites(path: string, source: string): SqlSite[] {
  const code = path.endsWith('.astro') ? astroFrontmatter(source) : source;
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, kind);
  const sites: SqlSite[] = [];
  const visit = (node: ts.Node) => {
    const sql =
      (ts.isTaggedTemplateExpression(node) && !NOT_SQL_TAGS.has(node.tag.getText(file))) ||
      (ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'unsafe');
    if (sql) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      sites.push({ line: line + 1, text: node.getText(file).replace(/\s+/g, ' ').slice(0, 80) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** A .astro file's frontmatter (the code between the leading `---` fences), lines kept so positions stay true. */
function astroFrontmatter(source: string): string {
  const match = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (!match) return '';
  const before = source.slice(0, match.index + match[0].indexOf(match[1] ?? ''));
  return '\n'.repeat(before.split('\n').length - 1) + (match[1] ?? '');
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') walk(join(path, name));
    } else if (EXTENSIONS.test(path)) files.push(relative(root, path).split(sep).join('/'));
  };
  for (const source of SOURCES) walk(join(root, source));
  return files.sort();
}

describe('where SQL lives', () => {
  const files = sourceFiles();
  const found = new Map(files.map((path) => [path, sqlSites(path, readFileSync(join(root, path), 'utf8'))]));

  it('has no SQL outside the queries modules and api/db/', () => {
    const misplaced = [...found]
      .filter(([path, sites]) => sites.length && !isSqlHome(path))
      .flatMap(([path, sites]) => sites.map((site) => `${path}:${site.line}  ${site.text}`));
    expect(
      misplaced,
      'Move each statement to its service\'s queries.ts (or queries/ folder) or to api/db/ and call it from there; blocks get capabilities on ctx instead of SQL (docs/decisions.md, "Issue 23: where SQL lives").',
    ).toEqual([]);
  });

  it('looks at the whole app: services, blocks, jobs, providers, pages and islands', () => {
    for (const path of ['api/services/workflows/runner.ts', 'api/blocks/seo-meta.ts', 'api/jobs/boss.ts'])
      expect(files).toContain(path);
    expect(files.some((path) => path.startsWith('src/pages/') && path.endsWith('.astro'))).toBe(true);
    expect(files.some((path) => path.startsWith('tests/') || path.startsWith('bench/'))).toBe(false);
    // the queries modules themselves are found, and hold SQL
    expect(found.get('api/services/workflows/queries/runs.ts')?.length).toBeGreaterThan(0);
  });
});

describe('the SQL finder', () => {
  it('finds tagged templates, whatever the tag is called, and sql.unsafe', () => {
    const source = [
      "import { sql } from './db.ts';",
      'await sql`select 1`;',
      'await ctx.sql`delete from posts where id = ${id}`;',
      'await tx`update runs set status = ${status}`;',
      'const q = db; await q`select 2`;',
      "await sql.unsafe('select 3');",
      'const path = String.raw`C:\\temp`;',
      '// sql`in a comment` is not code',
      "const text = 'sql`in a string`';",
    ].join('\n');

    expect(sqlSites('api/services/example/verbs.ts', source).map((site) => site.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it("reads a .astro page's frontmatter, at the page's line numbers, and not its markup", () => {
    const page = [
      '---',
      "import { sql } from '../db.ts';",
      'const rows = await sql`select 1`;',
      '---',
      '<p>sql`x`</p>',
    ];

    expect(sqlSites('src/pages/example.astro', page.join('\n'))).toEqual([{ line: 3, text: 'sql`select 1`' }]);
  });

  it('knows where statements belong', () => {
    expect(isSqlHome('api/services/posts/queries.ts')).toBe(true);
    expect(isSqlHome('api/services/workflows/queries/runs.ts')).toBe(true);
    expect(isSqlHome('api/db/rate-limits.ts')).toBe(true);
    expect(isSqlHome('api/services/posts/verbs.ts')).toBe(false);
    expect(isSqlHome('api/blocks/queries-helper.ts')).toBe(false);
    expect(isSqlHome('src/lib/queries.ts')).toBe(false);
  });
});
