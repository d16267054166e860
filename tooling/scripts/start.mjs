#!/usr/bin/env node
/**
 * `npm start`: builds whatever is not built yet (turbo's cache skips the rest), then
 * serves. The server replaces this process's role: signals are passed on, and its exit
 * code is ours.
 */
import { spawn, spawnSync } from 'node:child_process';

import { serverNodeArgs } from './server-node-args.mjs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const build = spawnSync('turbo', ['run', 'build', '--output-logs=errors-only'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status || 1);

const server = spawn(process.execPath, [...serverNodeArgs(), 'apps/server/dist/main.js'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
