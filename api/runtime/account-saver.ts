import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

/** How many accounts are put right at once when the emulator comes back. */
const RESTORE_CONCURRENCY = 8;

/**
 * Puts back each imported account's `validSince` as it was saved. The emulator's import stamps every account with
 * the moment of the import, which makes every ID token issued before it "revoked": firebase-admin refuses it (in
 * emulator mode it always asks the emulator) and the browser SDK's account lookup fails, so a restart signed
 * everyone out. A revocation made before the restart (log out) is kept: its saved `validSince` comes back with it.
 * Call after the emulator answers and before saving starts (the saver would write the import's stamps over the file).
 */
export async function restoreSessions(options: { host: string; projectId: string; exportDir: string }): Promise<void> {
  const file = join(options.exportDir, 'auth_export', 'accounts.json');
  const text = await readFile(file, 'utf8').catch(() => '');
  if (!text) return;
  const saved = (JSON.parse(text) as { users?: { localId?: string; validSince?: string }[] }).users ?? [];
  const queue = saved.filter((user): user is { localId: string; validSince?: string } => Boolean(user.localId));
  const url = `http://${options.host}/identitytoolkit.googleapis.com/v1/projects/${options.projectId}/accounts:update`;
  const worker = async () => {
    for (let user = queue.shift(); user; user = queue.shift()) {
      // Privileged (owner) updates copy validSince as given; "0" for an account that never had one.
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...OWNER, 'content-type': 'application/json' },
        body: JSON.stringify({ localId: user.localId, validSince: user.validSince ?? '0' }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`restoring account ${user.localId}: HTTP ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: RESTORE_CONCURRENCY }, worker));
}
