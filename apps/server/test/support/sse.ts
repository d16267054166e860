/**
 * A small server-sent events client for tests: opens `GET url` with a bearer token and
 * parses the stream into events (`id`, `event`, `data`) and comment lines as they arrive.
 */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  contentType: string;
  /** The JSON body of a refused stream (status ≥ 400). */
  error: { success: boolean; data: unknown; error: string } | null;
  events: SseEvent[];
  comments: string[];
  /** Resolves with the events once `count` have arrived (all of them, not only new ones); rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves when nothing more arrives for `ms` (to show that something was NOT sent). */
  quiet(ms: number): Promise<SseEvent[]>;
  /** Resolves once the server has ended the stream (or the test closed it). */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, options: { token?: string; lastEventId?: string } = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());
  if (!contentType.startsWith('text/event-stream')) {
    const error = (await response.json()) as SseStream['error'];
    return { status: response.status, contentType, error, events, comments, waitFor: async () => events, quiet: async () => events, ended: Promise.resolve(), close: () => {} };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0 || id !== null) events.push({ id, event, data: data.join('\n') });
          notify();
        }
      }
    } catch {
      // Closed by the test.
    }
    notify();
  })();
  return {
    status: response.status,
    contentType,
    error: null,
    events,
    comments,
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= count) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(events);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} events within ${timeoutMs} ms, got ${events.length}: ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    quiet: (ms) => new Promise((resolve) => setTimeout(() => resolve(events), ms)),
    ended,
    close: () => abort.abort(),
  };
}
