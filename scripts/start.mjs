#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing, then runs the server (API, realtime
// and the built web app) in this process. TypeScript runs through tsx's loader.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex) || process.argv.includes('--rebuild')) {
  console.log('Building the web app (first start)...');
  // npm may hoist vite to the root or keep it in the web workspace: resolve it from there.
  const viteDir = path.dirname(
    createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json'),
  );
  const res = spawnSync(process.execPath, [path.join(viteDir, 'bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'inherit', 'inherit'],
    // The server's NODE_ENV (development, test) must not turn the web build into React's dev build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) {
    console.error('The web app build failed.');
    process.exit(res.status ?? 1);
  }
}

process.chdir(process.env.INIT_CWD && existsSync(process.env.INIT_CWD) ? process.env.INIT_CWD : root);
register();
await import(path.join(root, 'apps/server/src/main.ts'));
