/** Starting the real server as a child process (TypeScript source through tsx). */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

const main = path.join(import.meta.dirname, '..', '..', 'src', 'main.ts');

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
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
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
