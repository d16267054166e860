/**
 * Failures said plainly, a Retry, and the unreachable banner
 * (docs/product.md#when-the-network-fails). A check-in whose answer was lost:
 * test/lost-answers.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { UNREACHABLE_MESSAGE } from '../src/lib/errors';
import { createQueryClient } from '../src/lib/query-client';
import { UNREACHABLE_BANNER } from '../src/features/shell/ConnectionBanner';
import { guard, makeVisitor, PASS_TOKEN } from './fixtures';
import { server } from './msw-server';
import { renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

/** Makes `path`'s requests fail as a dropped connection does while `down()` holds; else they go on to the mocks. */
function dropWhile(path: string, down: () => boolean) {
  server.use(http.all(`*/trpc/${path}`, () => (down() ? HttpResponse.error() : undefined)));
}

describe('when the server cannot be reached', () => {
  it('says so in plain words with Retry, shows the banner, and clears it once the server answers', async () => {
    let down = true;
    const visitor = makeVisitor({ status: 'approved' });
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.scan': () => visitor });
    dropWhile('visitors.scan', () => down);
    server.use(
      http.get('*/api/health', () =>
        down ? HttpResponse.error() : HttpResponse.json({ status: 'ok' }),
      ),
    );
    const { user } = renderApp('/guard/scan', { user: guard, queryClient: createQueryClient() });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNREACHABLE_MESSAGE);
    expect(alert).not.toHaveTextContent(/fetch/i);
    expect(await screen.findByText(UNREACHABLE_BANNER)).toBeInTheDocument();

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Visitor Verified' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(UNREACHABLE_BANNER)).not.toBeInTheDocument());
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(1);
  });
});
