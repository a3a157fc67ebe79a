import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The file whose time says when the site in a build folder was last built (npm start rebuilds when sources are newer). */
export const STAMP_NAME = '.build-stamp';

/** Astro integration: stamps every finished build, so `npm run build` then `npm start` does not build it again. */
export function buildStamp() {
  let outDir = '';
  return {
    name: 'inkpilot:build-stamp',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': () => {
        writeFileSync(`${outDir.replace(/\/$/, '')}/${STAMP_NAME}`, new Date().toISOString());
      },
    },
  };
}
