import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const OWNER = { authorization: 'Bearer owner' };
const VERSION = (createRequire(import.meta.url)('firebase-tools/package.json') as { version: string }).version;

export interface AccountSaver {
  /** Saves once more (if anything changed) and stops saving. */
  stop: () => Promise<void>;
}

/** Replaces path's content in one step (write aside, rename), so a crash leaves the old file or the new, never half. */
async function replaceFile(path: string, aside: string, content: string): Promise<void> {
  await writeFile(aside, content);
  await rename(aside, path);
}

/**
 * Keeps the emulator's import folder (what `--import` reads: firebase-export-metadata.json, auth_export/) true to
 * its accounts, checked every intervalMs: the emulator itself saves only when it exits cleanly, so a crash used to
 * lose every account made since. The files are written the way the emulator's own export writes them.
 */
export function saveAccountsContinuously(options: {
  host: string;
  projectId: string;
  exportDir: string;
  intervalMs: number;
}): AccountSaver {
  const base = `http://${options.host}`;
  const authDir = join(options.exportDir, 'auth_export');
  let saved = '';
  let running: Promise<void> = Promise.resolve();

  async function save(): Promise<void> {
    const response = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}/accounts:batchGet?maxResults=-1`,
      { headers: OWNER, signal: AbortSignal.timeout(5_000) },
    );
    if (!response.ok) return;
    const accounts = await response.text();
    if (accounts === saved) return;
    await mkdir(authDir, { recursive: true });
    // Temporary files stay out of auth_export: the import reads every file there whose name contains "accounts".
    const aside = join(options.exportDir, '.saving');
    if (!existsSync(join(authDir, 'config.json'))) {
      const config = await fetch(`${base}/emulator/v1/projects/${options.projectId}/config`, {
        headers: OWNER,
        signal: AbortSignal.timeout(5_000),
      });
      if (config.ok) await replaceFile(join(authDir, 'config.json'), aside, await config.text());
    }
    await replaceFile(join(authDir, 'accounts.json'), aside, accounts);
    const metadata = join(options.exportDir, 'firebase-export-metadata.json');
    if (!existsSync(metadata))
      await replaceFile(
        metadata,
        aside,
        JSON.stringify({ version: VERSION, auth: { version: VERSION, path: 'auth_export' } }, null, 2),
      );
    saved = accounts;
  }

  const tick = () => {
    running = running.then(save).catch(() => undefined);
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      tick();
      await running;
    },
  };
}
