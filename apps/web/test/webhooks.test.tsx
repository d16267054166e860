/**
 * /webhooks (docs/api.md#webhooks, admin): the endpoint list without secrets, Add Webhook with
 * its events (All events or some types) showing the secret once, the server's refusal of a
 * private address, activate and deactivate, delete with a confirmation, and a webhook's
 * deliveries with Resend.
 */
import type { Webhook, WebhookDelivery } from '@gatehouse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, answerConfirmation, listOf } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const HOOK: Webhook = {
  id: '5a1c2f9e-8d7b-4c3a-9e2f-1b0a9c8d7e6f',
  url: 'https://hooks.example.com/gatehouse',
  events: ['*'],
  description: 'Gate log',
  isActive: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '0f5e3b2a-1c4d-4e6f-8a9b-7c6d5e4f3a2b',
  event: 'visitor.updated',
  status: 'failed',
  attempts: 8,
  lastStatusCode: null,
  lastError: 'connect ECONNREFUSED 93.184.216.34:443',
  nextAttemptAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

describe('/webhooks (docs/api.md#webhooks)', () => {
  it('lists the endpoints and adds one, showing its secret once', async () => {
    const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'webhooks.list': () => listOf([HOOK]),
      'webhooks.create': (input: { url: string; events: string[]; description: string }) => {
        if (input.url.includes('127.0.0.1')) throw trpcError(400, 'Webhook URL must be a public address');
        return { ...HOOK, id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', url: input.url, events: input.events, description: input.description || null, secret: SECRET };
      },
    });
    const { user } = renderApp('/webhooks', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    expect(within(list).getByRole('heading', { name: HOOK.url })).toBeInTheDocument();
    expect(within(list).getByText('All events')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    // All events by default: the single types are implied and locked.
    expect(within(dialog).getByRole('checkbox', { name: 'All events' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^visitor\.created/ })).toBeDisabled();

    // No event at all: the shared schema's message, nothing sent.
    await user.click(within(dialog).getByRole('checkbox', { name: 'All events' }));
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://127.0.0.1:9000/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    expect(callsTo(calls, 'webhooks.create')).toHaveLength(0);

    // The server refuses a private address, in its words.
    await user.click(within(dialog).getByRole('checkbox', { name: /^visitor\.updated/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));
    expect(await within(dialog).findByText('Webhook URL must be a public address')).toBeInTheDocument();

    const url = within(dialog).getByLabelText('Endpoint URL');
    await user.clear(url);
    await user.type(url, 'https://crm.example.org/in');
    await user.type(within(dialog).getByLabelText('Description'), 'CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Create Webhook' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secretDialog).getByText('Copy this secret now. It will not be shown again.')).toBeInTheDocument();
    expect(within(secretDialog).getByText(SECRET)).toBeInTheDocument();
    expect(callsTo(calls, 'webhooks.create').at(-1)?.input).toEqual({ url: 'https://crm.example.org/in', events: ['visitor.updated'], description: 'CRM' });
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('deactivates and deletes (after a confirmation) an endpoint', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'webhooks.list': () => listOf([HOOK]),
      'webhooks.update': (input: { id: string; isActive: boolean }) => ({ ...HOOK, isActive: input.isActive }),
      'webhooks.delete': (input: { id: string }) => ({ id: input.id }),
    });
    const { user } = renderApp('/webhooks', { user: admin });

    await user.click(await screen.findByRole('button', { name: `Deactivate ${HOOK.url}` }));
    await waitFor(() => expect(callsTo(calls, 'webhooks.update')[0]?.input).toEqual({ id: HOOK.id, isActive: false }));

    await user.click(screen.getByRole('button', { name: `Delete ${HOOK.url}` }));
    expect(await answerConfirmation(user, false)).toContain(HOOK.url);
    expect(callsTo(calls, 'webhooks.delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `Delete ${HOOK.url}` }));
    await answerConfirmation(user, true);
    await waitFor(() => expect(callsTo(calls, 'webhooks.delete')[0]?.input).toEqual({ id: HOOK.id }));
  });

  it('shows a webhook’s deliveries and resends one', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'webhooks.list': () => listOf([HOOK]),
      'webhooks.deliveries': () =>
        listOf([
          delivery(),
          delivery({ id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', event: 'visitor.created', status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null }),
        ]),
      'webhooks.resend': (input: { id: string; deliveryId: string }) => ({ id: input.deliveryId }),
    });
    const { user } = renderApp('/webhooks', { user: admin });

    await user.click(await screen.findByRole('link', { name: `Deliveries of ${HOOK.url}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deliveries' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/webhooks/${HOOK.id}`);
    const table = await screen.findByRole('table', { name: 'Deliveries, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('connect ECONNREFUSED 93.184.216.34:443')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('200')).toBeInTheDocument();
    expect(callsTo(calls, 'webhooks.deliveries')[0]?.input).toMatchObject({ id: HOOK.id });

    await user.click(within(rows[1]!).getByRole('button', { name: /^Resend delivery/ }));
    await waitFor(() => expect(callsTo(calls, 'webhooks.resend')[0]?.input).toEqual({ id: HOOK.id, deliveryId: delivery().id }));
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
  });
});
