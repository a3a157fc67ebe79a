/** How often the parent is looked at: a supervisor's stop reaches the server within this much of the shell's exit. */
const CHECK_MS = 200;

/**
 * Calls `onGone` once when the process that started this one exits, if npm started it (`npm start`, `npm run …`,
 * `npx …`). npm runs a script through `sh -c` and forwards SIGTERM and SIGINT only to that shell, which dies of it
 * without passing it on: a supervisor that signals the npm it started would otherwise leave this process running
 * as an orphan. Outside npm the parent is a terminal or a supervisor that signals us itself, so nothing is watched.
 */
export function whenNpmParentGone(onGone: () => void): void {
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, CHECK_MS);
  timer.unref();
}
