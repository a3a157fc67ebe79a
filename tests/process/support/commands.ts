// Running the project's commands the way a person types them: through a shell, with the machine's PATH (where
// `node` may be an older Node than the project's), each tree of processes marked so a test can find every process it
// started, and nothing else, and prove that none is left.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** PATH without the project's node_modules/.bin folders that npm put first: what a terminal on this machine has. */
export function machinePath(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules/.bin') && !dir.includes('node-gyp-bin'))
    .join(delimiter);
}

/**
 * The environment of a fresh terminal: no settings that point at services other suites started, no npm script
 * variables (the suite itself runs under npm), the machine's PATH, and a marker every child inherits.
 */
export function terminalEnv(marker: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('npm_') || name === 'FIREBASE_AUTH_EMULATOR_HOST' || name === 'DATABASE_URL') continue;
    if (name === 'NODE' || name === 'INIT_CWD') continue;
    env[name] = value;
  }
  return { ...env, PATH: machinePath(), INKPILOT_TEST_MARK: marker, ...extra };
}

/** Every live process whose environment carries the marker, as "pid command line" (Linux /proc). */
export function markedProcesses(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (!environ.split('\0').includes(`INKPILOT_TEST_MARK=${marker}`)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue; // exited, not yet reaped
      found.push(`${entry} ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim()}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** SIGKILLs whatever a test left (after a failure), so one failing test does not leave servers behind. */
export function killMarked(marker: string): void {
  for (const line of markedProcesses(marker)) {
    try {
      process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export interface Command {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs one command line with sh, as a terminal would, in cwd (the project folder unless told). */
export function run(line: string, env: NodeJS.ProcessEnv, cwd = root): Command {
  const child = spawn('sh', ['-c', line], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

/** Resolves when the command's output matches; throws with that output if it exits first or time runs out. */
export async function waitForOutput(command: Command, pattern: RegExp, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(command.output())) return;
    if (command.child.exitCode !== null || command.child.signalCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  if (pattern.test(command.output())) return;
  throw new Error(`no ${pattern} from the command (exit ${command.child.exitCode}):\n${command.output().slice(-4000)}`);
}

/** Signs a verified Google person in through the Auth emulator at authHost; returns the ID token. */
export async function emulatorSignIn(authHost: string, email: string): Promise<string> {
  const claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Docs Reader' };
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * Sends SIGTERM to a command started with `exec` (so its pid is the program's) and returns how it ended: its exit
 * code, or the signal (npm, once its script has stopped, ends itself with the signal it was sent).
 */
export async function stopCommand(command: Command): Promise<number | string | null> {
  if (command.child.exitCode === null && command.child.signalCode === null) command.child.kill('SIGTERM');
  await command.exited;
  return command.child.exitCode ?? command.child.signalCode;
}

/**
 * Runs one documented line as sh would (its leading NAME=value words set the program's environment), with exec: the
 * pid is the program's own, as a supervisor's child is, so SIGTERM to it is what a supervisor sends.
 */
export function runLine(line: string, env: NodeJS.ProcessEnv, cwd = root): Command {
  const assignments = /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*/.exec(line)![0];
  const inline = Object.fromEntries(
    assignments
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  );
  return run(`exec ${line.slice(assignments.length)}`, { ...env, ...inline }, cwd);
}

/** GET with a Host header of our choosing (fetch cannot set one), over node:http. */
export function getWithHost(origin: string, host: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    http
      .get(url, { headers: { host } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}
