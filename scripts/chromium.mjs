// The test browser: Debian's /usr/bin/chromium when installed, else the one shipped in @sparticuz/chromium.
import { existsSync } from 'node:fs';

/** Flags for headless Chromium on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Absolute path of a Chromium binary; CHROMIUM_PATH wins when set. */
export async function chromiumPath() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}
