import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./watchdog-process.ts', import.meta.url));
const watchdogs = new Map<string, ChildProcess>();

function watchdogFor(dataDir: string): ChildProcess {
  let child = watchdogs.get(dataDir);
  if (child && child.exitCode === null && child.signalCode === null) return child;
  // Its own session (detached): a Ctrl+C or a supervisor's group kill aimed at this process does not reach it.
  child = spawn(process.execPath, [SCRIPT, dataDir], {
    stdio: ['pipe', 'ignore', 'inherit'],
    detached: true,
    windowsHide: true,
  });
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  child.stdin?.on('error', () => {});
  watchdogs.set(dataDir, child);
  return child;
}

/**
 * Has a watchdog process stop pid (signal, then SIGKILL after graceMs) when this process dies in any way, SIGKILL
 * included: the embedded services must never outlive the server as orphans holding their ports and data folders.
 * marker must appear in pid's command line (the data folder), so a reused pid is never signalled.
 */
export function stopWhenThisProcessDies(options: {
  dataDir: string;
  pid: number;
  signal: NodeJS.Signals;
  marker: string;
  graceMs: number;
}): void {
  const { dataDir, ...watched } = options;
  watchdogFor(dataDir).stdin?.write(`${JSON.stringify(watched)}\n`);
}

/** Tells the watchdog that pid was stopped cleanly (nothing left to stop). */
export function forgetProcess(dataDir: string, pid: number): void {
  watchdogs.get(dataDir)?.stdin?.write(`${JSON.stringify({ pid, forget: true })}\n`);
}
