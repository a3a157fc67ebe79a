import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** CSP hashes ('sha256-…') of the inline code the site's pages run; see collectPageScripts. */
export interface PageScripts {
  /** Inline <script> elements (theme script, Astro's island and directive scripts, small bundled scripts). */
  scripts: string[];
  /** Inline event-handler attributes (onerror="…", onload="…"), allowed through 'unsafe-hashes'. */
  handlers: string[];
}

/** The CSP source expression for a piece of inline code. */
export function cspHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const HANDLER_IN_HTML = /\son[a-z]+="([^"]*)"/g;
// In the compiled server chunks an attribute is template text, e.g. ` onerror="this.hidden=true"` (quotes maybe escaped).
const HANDLER_IN_CHUNK = /\son[a-z]+=\\?"((?:[^"\\]|\\(?!"))*)\\?"/g;

/**
 * Hashes every inline script and event handler the built site can send: read once at start-up from the prebuilt
 * pages (dist/client) and from Astro's server build (the scripts it inlines into pages rendered on demand, and its
 * hydration directives), so the CSP names exactly this code instead of allowing 'unsafe-inline'.
 */
export function collectPageScripts(dist: string): PageScripts {
  const scripts = new Set<string>();
  const handlers = new Set<string>();
  for (const file of walk(join(dist, 'client'), '.html')) {
    const html = readFileSync(file, 'utf8');
    for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
      if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
      scripts.add(cspHash(body));
    }
    for (const [, handler = ''] of html.matchAll(HANDLER_IN_HTML)) handlers.add(cspHash(decodeEntities(handler)));
  }
  const manifest = readServerManifest(join(dist, 'server', 'entry.mjs'));
  for (const code of Object.values(manifest.inlinedScripts ?? {})) scripts.add(cspHash(code));
  for (const [, code] of manifest.clientDirectives ?? []) scripts.add(cspHash(code));
  for (const file of walk(join(dist, 'server', 'chunks'), '.mjs')) {
    const code = readFileSync(file, 'utf8');
    for (const [, handler = ''] of code.matchAll(HANDLER_IN_CHUNK)) handlers.add(cspHash(handler.replace(/\\'/g, "'")));
  }
  return { scripts: [...scripts].sort(), handlers: [...handlers].sort() };
}

interface ServerManifest {
  inlinedScripts?: Record<string, string>;
  clientDirectives?: [string, string][];
}

/** Astro's serialized manifest in the server entry: JSON passed to deserializeManifest(…). */
function readServerManifest(entry: string): ServerManifest {
  if (!existsSync(entry)) return {};
  const source = readFileSync(entry, 'utf8');
  const marker = '= deserializeManifest(';
  const start = source.indexOf(marker);
  if (start < 0)
    throw new Error(`Cannot read Astro's manifest in ${entry}: the CSP would not cover pages rendered on demand.`);
  const json = jsonPrefix(source, start + marker.length);
  const manifest = JSON.parse(json) as {
    inlinedScripts?: Record<string, string> | [string, string][];
    clientDirectives?: [string, string][];
  };
  const inlined = Array.isArray(manifest.inlinedScripts)
    ? Object.fromEntries(manifest.inlinedScripts)
    : manifest.inlinedScripts;
  return { inlinedScripts: inlined, clientDirectives: manifest.clientDirectives };
}

/** The JSON object that starts at `from`, found by balancing braces outside strings. */
function jsonPrefix(source: string, from: number): string {
  let depth = 0;
  let inString = false;
  for (let index = from; index < source.length; index++) {
    const char = source[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return source.slice(from, index + 1);
  }
  throw new Error('Unterminated manifest JSON in the server entry.');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

function* walk(dir: string, suffix: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, suffix);
    else if (entry.name.endsWith(suffix)) yield path;
  }
}
