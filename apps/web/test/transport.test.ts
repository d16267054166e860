import { REQUEST_TIMEOUT_MS } from '@gatehouse/shared';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { AppError, toAppError } from '../src/lib/errors';
import { createTimedFetch, createTransportClient } from '../src/lib/trpc';
import { server } from './msw-server';
import { mockTrpc, trpcError } from './trpc-mock';

const URL_BASE = 'http://localhost/trpc';

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('expected the call to fail');
}

describe('createTimedFetch (docs/product.md#how-the-app-shows-errors, docs/product.md#constants-and-formats)', () => {
  it("gives up after REQUEST_TIMEOUT_MS with 'Request timeout', status 408", async () => {
    vi.useFakeTimers();
    const seen: AbortSignal[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          const signal = init?.signal as AbortSignal;
          seen.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const request = createTimedFetch()('http://localhost/trpc/auth.me');
    const outcome = request.then(
      () => 'resolved',
      (error: unknown) => error,
    );

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(seen[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await outcome;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Request timeout', status: 408 });
  });

  it('keeps a cancellation by the caller an abort, not a failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          (init?.signal as AbortSignal).addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const request = createTimedFetch()('http://localhost/x', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the tRPC transport', () => {
  it("turns a stalled server into 'Request timeout' (408)", async () => {
    server.use(
      http.all('*/trpc/:paths', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const client = createTransportClient({ url: URL_BASE, timeoutMs: 50, getToken: () => null });
    expect(await failureOf(client.auth.me.query())).toEqual({
      message: 'Request timeout',
      status: 408,
    });
  });

  it('turns a network failure into its message (or Network error) with status 0', async () => {
    server.use(http.all('*/trpc/:paths', () => HttpResponse.error()));
    const client = createTransportClient({ url: URL_BASE, getToken: () => null });
    const failure = await failureOf(client.auth.me.query());
    expect(failure.status).toBe(0);
    expect(failure.message).not.toBe('');
    expect(toAppError(new AppError('', 0))).toEqual({ message: 'An error occurred', status: 0 });
  });

  it("carries the server's message and status", async () => {
    mockTrpc({
      'visitors.scan': () => {
        throw trpcError(409, 'Visitor cannot be checked in: status is checked-out');
      },
    });
    const client = createTransportClient({ url: URL_BASE, getToken: () => 'token-1' });
    expect(await failureOf(client.visitors.scan.mutate({ token: 'abc' }))).toEqual({
      message: 'Visitor cannot be checked in: status is checked-out',
      status: 409,
    });
  });

  it("answers 'An error occurred' with the status when the error body is not the server's", async () => {
    server.use(
      http.all(
        '*/trpc/:paths',
        () =>
          new HttpResponse('<html>Bad gateway</html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const client = createTransportClient({ url: URL_BASE, getToken: () => null });
    expect(await failureOf(client.auth.me.query())).toEqual({
      message: 'An error occurred',
      status: 502,
    });
  });

  it('sends the bearer token only when one is stored', async () => {
    const calls = mockTrpc({ 'auth.logout': () => ({}) });
    await createTransportClient({ url: URL_BASE, getToken: () => null }).auth.logout.mutate();
    await createTransportClient({ url: URL_BASE, getToken: () => 'tok' }).auth.logout.mutate();
    expect(calls.map((call) => call.authorization)).toEqual([null, 'Bearer tok']);
  });

  it('calls onUnauthorized on a 401, except from auth.login', async () => {
    mockTrpc({
      'auth.login': () => {
        throw trpcError(401, 'Invalid email or password');
      },
      'auth.me': () => {
        throw trpcError(401, 'Authentication required');
      },
    });
    const onUnauthorized = vi.fn();
    const client = createTransportClient({ url: URL_BASE, getToken: () => 'old', onUnauthorized });

    expect(
      await failureOf(client.auth.login.mutate({ email: 'a@b.co', password: 'secret1' })),
    ).toEqual({
      message: 'Invalid email or password',
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();

    await failureOf(client.auth.me.query());
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("uses '/trpc' on the page's own origin by default", async () => {
    const calls = mockTrpc({ 'auth.logout': () => ({}) });
    await createTransportClient({ getToken: () => null }).auth.logout.mutate();
    expect(calls).toHaveLength(1);
  });
});
