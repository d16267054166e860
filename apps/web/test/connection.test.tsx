/**
 * Failures said plainly, a Retry, the unreachable banner, and a check-in whose answer was
 * lost checked before it is offered again (usable-by-everyone issue, item 6).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { UNREACHABLE_MESSAGE } from '../src/lib/errors';
import { createQueryClient } from '../src/lib/query-client';
import { UNREACHABLE_BANNER } from '../src/features/shell/ConnectionBanner';
import { guard, makeVisitor, PASS_TOKEN } from './fixtures';
import { server } from './msw-server';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

const emptyPage = () => ({ items: [], total: 0 });

/** Makes `path`'s requests fail as a dropped connection does while `down()` holds; else they go on to the mocks. */
function dropWhile(path: string, down: () => boolean) {
  server.use(http.all(`*/trpc/${path}`, () => (down() ? HttpResponse.error() : undefined)));
}

/** Makes every request to `path` lose its answer (as if carried out, the answer never arriving); returns how many came. */
function loseAnswers(path: string): { attempts: number } {
  const counter = { attempts: 0 };
  server.use(
    http.all(`*/trpc/${path}`, () => {
      counter.attempts += 1;
      return HttpResponse.error();
    }),
  );
  return counter;
}

describe('when the server cannot be reached', () => {
  it('says so in plain words with Retry, shows the banner, and clears it once the server answers', async () => {
    let down = true;
    const visitor = makeVisitor({ status: 'approved' });
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.scan': () => visitor });
    dropWhile('visitors.scan', () => down);
    server.use(http.get('*/api/health', () => (down ? HttpResponse.error() : HttpResponse.json({ status: 'ok' }))));
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

  it('finds that a check-in whose answer was lost was saved, and says it was', async () => {
    const visitor = makeVisitor({ status: 'approved' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.byId': () => ({ ...visitor, status: 'checked-in' }),
      'visitors.listSummaries': emptyPage,
    });
    // The server carries the check-in out, but its answer never arrives.
    const checkIns = loseAnswers('visitors.checkIn');
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Check In Visitor' }));

    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/guard/dashboard'));
    expect(callsTo(calls, 'visitors.byId')[0]?.input).toEqual({ id: visitor.id });
    expect(checkIns.attempts).toBe(1);
  });

  it('offers a lost check-in again only once it is known not to be saved', async () => {
    let down = true;
    const visitor = makeVisitor({ status: 'approved' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.byId': () => visitor,
      'visitors.checkIn': () => ({ ...visitor, status: 'checked-in' }),
      'visitors.listSummaries': emptyPage,
    });
    dropWhile('visitors.checkIn', () => down);
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Check In Visitor' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The connection dropped and the check-in was not saved. Try again.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(1);
  });

  it('on the quick scan, reads a lost check-in again before offering it, and does not check in twice', async () => {
    let down = true;
    const visitor = makeVisitor({ status: 'approved' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.byId': () => ({ ...visitor, status: 'checked-in' }),
      'visitors.listSummaries': emptyPage,
    });
    // The check-in is carried out, its answer lost; the visitor cannot be read either, for now.
    const checkIns = loseAnswers('visitors.checkIn');
    dropWhile('visitors.byId', () => down);
    const { user } = renderApp('/guard/dashboard', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The connection dropped before the server answered, so the check-in may not be saved. Retry checks it first.',
    );

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Jane Doe checked in/)).toBeInTheDocument();
    expect(checkIns.attempts).toBe(1);
    expect(callsTo(calls, 'visitors.byId').length).toBeGreaterThan(0);
  });
});
