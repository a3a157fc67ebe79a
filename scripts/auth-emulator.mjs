// npm run auth-emulator: one Firebase Auth emulator that several local processes share (docs/operations.md,
// "Several processes in development"): they name it in FIREBASE_AUTH_EMULATOR_HOST and start none of their own.
// Accounts are kept in DATA_DIR/firebase like npm start's; it stops on Ctrl+C or SIGTERM.
import { EMULATOR_PROJECT_ID, loadConfig } from '../api/config.ts';
import { loadDotEnv } from '../api/runtime/dotenv.ts';
import { startAuthEmulator } from '../api/runtime/auth-emulator.ts';
import { whenNpmParentGone } from '../api/runtime/parent-watch.ts';

const log = (line) => console.log(`[inkpilot auth-emulator] ${line}`);

loadDotEnv();
const config = loadConfig();
const emulator = await startAuthEmulator({
  dataDir: config.DATA_DIR,
  port: config.AUTH_EMULATOR_PORT,
  projectId: EMULATOR_PROJECT_ID,
  notice: log,
});
log(`ready: ${emulator.host} (project ${EMULATOR_PROJECT_ID}, accounts in ${config.DATA_DIR}/firebase)`);
log(`point each process at it: FIREBASE_AUTH_EMULATOR_HOST=${emulator.host}`);
let stopping = false;
const stop = async (reason) => {
  if (stopping) return;
  stopping = true;
  log(`${reason}: stopping`);
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
whenNpmParentGone(() => void stop('npm stopped'));
