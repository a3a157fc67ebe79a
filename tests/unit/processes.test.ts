import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isAlive, stopProcess } from '../../api/runtime/processes.ts';

function sleeper() {
  const child = spawn('sleep', ['300'], { stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { pid: child.pid ?? 0, exited, child };
}

describe('stopProcess', () => {
  it('leaves a process alone when its command line lacks the marker (a reused pid is never signalled)', async () => {
    const { pid, child, exited } = sleeper();

    const stopped = await stopProcess(pid, 'SIGTERM', '/some/data/folder', 1_000);

    expect(stopped).toBe(false);
    expect(isAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    await exited;
  });

  it('stops a process whose command line holds the marker and resolves once it is gone', async () => {
    const { pid, exited } = sleeper();

    const stopped = await stopProcess(pid, 'SIGTERM', 'sleep 300', 5_000);

    expect(stopped).toBe(true);
    await exited;
    expect(isAlive(pid)).toBe(false);
  });
});
