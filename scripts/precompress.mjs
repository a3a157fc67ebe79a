import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest)$/;

/** Astro integration: writes .br and .gz beside every text asset so the server sends them as they are. */
export function precompress() {
  return {
    name: 'inkpilot:precompress',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        let count = 0;
        for (const file of await walk(root)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const body = await readFile(file);
          if (body.length < 512) continue;
          await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
          count += 1;
        }
        console.log(`[precompress] ${count} files`);
      },
    },
  };
}

async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}
