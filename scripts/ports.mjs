import { createServer } from 'node:net';

/** True when nothing listens on 127.0.0.1:port. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port p such that p … p+span-1 are all free (the Auth emulator uses three in a row). Below Linux's ephemeral range
 * (32768–60999 by default), from which every outgoing connection takes its local port: a port picked there could be
 * taken by some connection (to Postgres, to the emulator) before the server that was given it starts listening.
 */
export async function freePortRange(span = 1, from = 20000, to = 32700) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = from + Math.floor(Math.random() * (to - from - span));
    const checks = await Promise.all(Array.from({ length: span }, (_, i) => isFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free port range found');
}
