import { existsSync } from 'node:fs';

/**
 * Reads `.env` of the working folder into process.env, never over a variable the environment already sets. Every
 * entry point (npm start, npm run serve, npm run worker, npm run auth-emulator, the site build) calls it first, so
 * each reads the same configuration the same way; npm runs every script in the project folder, where `.env` lives.
 */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
