import { EMULATOR_PROJECT_ID, type Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { startAuthEmulator } from './auth-emulator.ts';

export interface Backing {
  databaseUrl: string;
  /** host:port of the Auth emulator in use, or undefined against a real Firebase project. */
  authEmulatorHost?: string;
  stop: () => Promise<void>;
}

/** Starts whatever is not configured (embedded Postgres, Auth emulator), in parallel; uses what is. */
export async function startBackingServices(
  config: Config,
  log: (line: string) => void,
  options: { maxConnections?: number } = {},
): Promise<Backing> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    await Promise.allSettled(stops.reverse().map((fn) => fn()));
  };
  const database = config.DATABASE_URL
    ? Promise.resolve(config.DATABASE_URL)
    : startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
        notice: log,
        maxConnections: options.maxConnections,
      }).then((db) => {
        stops.push(db.stop);
        log(`embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT} (data in ${config.DATA_DIR}/postgres)`);
        return db.url;
      });
  const auth = config.FIREBASE_AUTH_EMULATOR_HOST
    ? Promise.resolve(config.FIREBASE_AUTH_EMULATOR_HOST)
    : config.FIREBASE_PROJECT_ID
      ? Promise.resolve(undefined)
      : startAuthEmulator({
          dataDir: config.DATA_DIR,
          port: config.AUTH_EMULATOR_PORT,
          projectId: EMULATOR_PROJECT_ID,
          notice: log,
        }).then((emulator) => {
          stops.push(emulator.stop);
          log(`Firebase Auth emulator on ${emulator.host} (project ${EMULATOR_PROJECT_ID})`);
          return emulator.host;
        });
  try {
    const [databaseUrl, authEmulatorHost] = await Promise.all([database, auth]);
    return { databaseUrl, authEmulatorHost, stop };
  } catch (error) {
    await Promise.allSettled([database, auth]);
    await stop();
    throw error;
  }
}
