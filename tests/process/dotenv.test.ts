import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandLines, docBlock } from './support/docs.ts';
import { killMarked, machinePath, root, runLine, terminalEnv } from './support/commands.ts';

// Every entry point reads `.env` of the project folder, the same way: a project folder of its own here (the
// project's files linked in, and a .env that only this test writes), so no other test sees that file.
const project = mkdtempSync(join(tmpdir(), 'inkpilot-dotenv-'));
for (const name of [
  'package.json',
  'api',
  'scripts',
  'src',
  'public',
  'node_modules',
  'astro.config.mjs',
  'tsconfig.json',
])
  symlinkSync(join(root, name), join(project, name));
const marker = randomUUID();

afterAll(async () => {
  killMarked(marker);
  await rm(project, { recursive: true, force: true });
}, 60_000);

/** Runs a line in the project folder with the machine's PATH; resolves with its exit code and output. */
async function outcome(line: string, env: Record<string, string> = {}) {
  const command = runLine(line, terminalEnv(marker, { SKIP_BUILD: '1', ...env }), project);
  return { code: await command.exited, output: command.output() };
}

describe('.env of the project folder', () => {
  it('is read by every entry point the docs show, the same way', async () => {
    writeFileSync(join(project, '.env'), '# a bad value only .env holds\nPORT=not-a-port\n');
    const lines = commandLines(docBlock('docs/operations.md', 'Entry points', 'sh')).filter(
      (line) => line !== 'npm run build', // reads .env through astro.config.mjs: the next test
    );

    for (const line of lines) {
      const { code, output } = await outcome(line);

      expect(code, `${line}:\n${output}`).toBe(1);
      expect(output, line).toContain('Invalid configuration:\n  PORT:');
    }
  });

  it('gives way to the environment, for every entry point alike', async () => {
    writeFileSync(join(project, '.env'), 'PORT=not-a-port\nAUTH_EMULATOR_PORT=also-not-a-port\n');

    const worker = await outcome('npm run worker', { PORT: '4999', AUTH_EMULATOR_PORT: '9199' });

    expect(worker.code).toBe(1);
    expect(worker.output).toContain('npm run worker needs DATABASE_URL'); // the configuration itself was valid
  });

  it('sets what the site build reads (SITE_URL, for canonical URLs and the sitemap)', () => {
    writeFileSync(join(project, '.env'), 'SITE_URL=https://from-dotenv.example.org\n');

    const site = execFileSync(
      join(root, 'node_modules/.bin/node'),
      ['--input-type=module', '-e', "console.log((await import('./astro.config.mjs')).default.site)"],
      { cwd: project, encoding: 'utf8', env: { PATH: machinePath() } },
    ).trim();

    expect(site).toBe('https://from-dotenv.example.org');
  });
});
