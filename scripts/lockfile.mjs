// Checks of package-lock.json shared by the lockfile unit test and `npm run lock:refresh`: a lock that
// `npm ci` accepts on every platform, and install scripts that are all reviewed in package.json's allowScripts.

/** Lock path where Node would find `name` when required from the package at `from` (walks up node_modules). */
export function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

// `npm ci` rebuilds the tree and refuses when an optional dependency (another platform's binary) has no entry.
/** Every optional dependency named in the lock that has no entry of its own: [{ from, name, spec }]. */
export function missingOptionals(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [from, entry] of Object.entries(packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(packages, from, name)) missing.push({ from, name, spec });
    }
  }
  return missing;
}

/** Package name of a lock path: "node_modules/a/node_modules/@s/b" → "@s/b". */
export function nameOfLockPath(path) {
  const cut = path.lastIndexOf('node_modules/');
  return path.slice(cut + 'node_modules/'.length);
}

/** Splits an allowScripts key "name@1.2.3" / "@scope/name" into { name, version } (version '' when not pinned). */
function parseAllowKey(key) {
  const at = key.indexOf('@', 1);
  return at < 0 ? { name: key, version: '' } : { name: key.slice(0, at), version: key.slice(at + 1) };
}

// npm 11 warns about (and npm 12 skips) install scripts of packages that allowScripts does not name.
/** Lock packages with install scripts that allowScripts neither approves nor denies: ["name@version"]. */
export function uncoveredInstallScripts(lock, allowScripts = {}) {
  const keys = Object.keys(allowScripts).map(parseAllowKey);
  const uncovered = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (!path || !entry.hasInstallScript) continue;
    const name = entry.name ?? nameOfLockPath(path);
    const covered = keys.some((key) => key.name === name && (key.version === '' || key.version === entry.version));
    if (!covered) uncovered.push(`${name}@${entry.version}`);
  }
  return uncovered;
}
