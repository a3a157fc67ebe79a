// Documented lines run in terminals of their own, each stopped the way a supervisor stops it; shared by the files
// that run the docs' `sh` blocks (documented-commands.test.ts, documented-several-processes.test.ts).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { killMarked, markedProcesses, runLine, stopCommand, terminalEnv, type Command } from './commands.ts';

const markers: string[] = [];

/** Runs a documented line in a fresh terminal of its own (commands.ts runLine), marked to be found. */
export function terminal(line: string, extra: Record<string, string>): Command {
  const marker = randomUUID();
  markers.push(marker);
  const command = runLine(line, terminalEnv(marker, extra));
  (command as Command & { marker: string }).marker = marker;
  return command;
}

/** Stops a long-running command with SIGTERM: it must end well and leave no process of its own behind. */
export async function stopsCleanly(command: Command): Promise<void> {
  // The program exits 0; npm in front of it ends itself with the SIGTERM it was sent as soon as its shell is gone.
  expect([0, 'SIGTERM'], command.output().slice(-2000)).toContain(await stopCommand(command));
  const { marker } = command as Command & { marker: string };
  await expect.poll(() => markedProcesses(marker), { timeout: 30_000 }).toEqual([]);
  expect(command.output()).toMatch(/(SIGTERM|npm stopped): stopping/); // its own ordered stop
}

/** Kills whatever a terminal of this file left running (a failed test's): for afterAll. */
export function killTerminals(): void {
  for (const marker of markers) killMarked(marker);
}
