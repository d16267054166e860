/**
 * Starting the real server as a child process: the production build
 * (`apps/server/dist/main.js`, with the Node flags `npm start` uses), which `npm test`
 * makes before the tests. When the build is missing or older than the sources (a test
 * run while editing), the TypeScript source through tsx instead, with a notice: slower
 * to start, never stale.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { serverNodeArgs } from '../../../../tooling/scripts/server-node-args.mjs';

const serverRoot = path.join(import.meta.dirname, '..', '..');
const built = path.join(serverRoot, 'dist', 'main.js');
const source = path.join(serverRoot, 'src', 'main.ts');
/** Everything bundled into dist/main.js: the server and the workspace packages it imports. */
const sourceFolders = [
  path.join(serverRoot, 'src'),
  ...['api', 'db', 'shared'].map((name) => path.join(serverRoot, '..', '..', 'packages', name, 'src')),
];

/** The newest modification time (ms) of a file under `folder`. */
function newestFile(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Where the started servers' compiled code is kept between starts (Node checks it is current). */
const COMPILE_CACHE = path.join(tmpdir(), 'gatehouse-node-compile-cache');

let serverArgs: string[] | undefined;

/** The node arguments that start the server: the build when it is current, else the source. */
function serverCommand(): string[] {
  if (serverArgs) return serverArgs;
  const stale = !existsSync(built)
    ? 'is missing'
    : statSync(built).mtimeMs < Math.max(...sourceFolders.map(newestFile))
      ? 'is older than the sources'
      : null;
  if (stale) {
    console.warn(
      `\n*** NOTICE: apps/server/dist/main.js ${stale} (npx turbo run build makes it); ` +
        'the server-process tests start src/main.ts through tsx instead, which is slower. ***\n',
    );
    serverArgs = ['--import', 'tsx', source];
  } else {
    serverArgs = [...serverNodeArgs(), built];
  }
  return serverArgs;
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Stops it with SIGTERM (or the given signal) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Starts a server with `env` added to this process's environment; resolves once it is ready. */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(), {
    // NODE_COMPILE_CACHE: Node keeps the compiled code of the server's modules on disk, so the
    // dozen servers a run starts compile them once (about 0.3 s of every start after the first).
    env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Gatehouse is ready: (https?:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({
          child,
          url: ready[1]!,
          output: () => output,
          exited,
          stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${output}`), { output, code }));
    });
  });
}

/** JSON request helper: returns the status, the body and the response headers. */
export async function api(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; data: any; error: string | null }; headers: Headers }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { success: false, data: null, error: text };
  }
  return { status: response.status, body, headers: response.headers };
}
