/** The Node flags the server runs with (see server-node-args.mjs). */
export function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
