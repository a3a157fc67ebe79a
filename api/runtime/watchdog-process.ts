// The watchdog of one server process (see watchdog.ts): it holds the read end of a pipe whose only writer is the
// server. When the server dies, however it dies (SIGKILL included), the kernel closes that pipe; the watchdog then
// stops every process it was told about and exits. It ignores the signals a terminal or supervisor sends, so it
// outlives the server long enough to do that. argv[2] is the data folder it guards (to find it with ps).
import { stopProcess } from './processes.ts';

interface Watched {
  pid: number;
  signal: NodeJS.Signals;
  marker: string;
  graceMs: number;
}

const watched = new Map<number, Watched>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {});

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  let newline = pending.indexOf('\n');
  while (newline >= 0) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    newline = pending.indexOf('\n');
    try {
      const message = JSON.parse(line) as Watched & { forget?: boolean };
      if (message.forget) watched.delete(message.pid);
      else watched.set(message.pid, message);
    } catch {
      // not a message of ours
    }
  }
});

let done = false;
async function stopAll(): Promise<void> {
  if (done) return;
  done = true;
  await Promise.allSettled([...watched.values()].map((w) => stopProcess(w.pid, w.signal, w.marker, w.graceMs)));
  process.exit(0);
}
process.stdin.on('end', () => void stopAll());
process.stdin.on('close', () => void stopAll());
process.stdin.on('error', () => void stopAll());
