import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const PROC = existsSync('/proc/self/stat');

/** Whether pid names a live process (a zombie, exited but not yet reaped, counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (!PROC) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** The command line of pid ('' when it cannot be read): how a pid is recognised as ours before it is signalled. */
export function commandLine(pid: number): string {
  try {
    if (PROC) return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await pause(100);
  }
  return !isAlive(pid);
}

/**
 * Stops pid with signal if it is alive and its command line contains marker (so a reused pid of some other
 * program is never touched), escalating to SIGKILL after graceMs. Resolves once it is gone; false if it was not ours.
 */
export async function stopProcess(
  pid: number,
  signal: NodeJS.Signals,
  marker: string,
  graceMs: number,
): Promise<boolean> {
  if (!isAlive(pid) || !commandLine(pid).includes(marker)) return false;
  try {
    process.kill(pid, signal);
  } catch {
    return true;
  }
  if (await exited(pid, graceMs)) return true;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  await exited(pid, 5_000);
  return true;
}
