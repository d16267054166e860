/**
 * The dues ledger's screens (docs/operations.md#dues-ledger) with msw: Raise Dues (every house or
 * one, the
 * server's own rules), the Overdue filter and badge, the printable receipt page, and the
 * house balance on the house page and the resident's dashboard.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { admin, houseA101, houseB204, HOUSE_B204, listOf, makeHouseDetail, makePayment, resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const balance = { pending: 1234.5, overdue: 100, paidThisYear: 45 };

describe('Raise Dues (docs/operations.md#dues-ledger)', () => {
  it('raises dues for every house, checked by the bulk request’s own rules first', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': () => listOf([]),
      'payments.bulk': () => ({ count: 12, ids: [] }),
    });
    const { user } = renderApp('/payments', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Raise Dues' }));
    const dialog = screen.getByRole('dialog', { name: 'Raise Dues' });
    expect(within(dialog).getByRole('radio', { name: 'All houses' })).toBeChecked();
    expect(within(dialog).queryByLabelText('House')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Raise Dues' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Due date is required')).toBeInTheDocument();
    expect(callsTo(calls, 'payments.bulk')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Amount (USD)'), '150');
    await user.type(within(dialog).getByLabelText('Description'), 'April maintenance');
    // A due date in the past is allowed (docs/operations.md#dues-ledger).
    await user.type(within(dialog).getByLabelText('Due Date'), '2026-01-31');
    await user.click(within(dialog).getByRole('button', { name: 'Raise Dues' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Dues raised for 12 houses')).toBeInTheDocument();
    expect(callsTo(calls, 'payments.bulk')[0]?.input).toEqual({
      type: 'maintenance',
      amount: 150,
      description: 'April maintenance',
      dueDate: '2026-01-31',
    });
  });

  it('raises dues for one house, which must be picked, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': () => listOf([]),
      'houses.list': () => listOf([houseA101, houseB204]),
      'payments.bulk': () => {
        if (refuse) throw trpcError(404, 'House not found');
        return { count: 1, ids: ['x'] };
      },
    });
    const { user } = renderApp('/payments', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Raise Dues' }));
    const dialog = screen.getByRole('dialog', { name: 'Raise Dues' });
    await user.click(within(dialog).getByRole('radio', { name: 'One house' }));
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '25.5');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'fine');
    await user.type(within(dialog).getByLabelText('Description'), 'Late renovation noise');
    await user.type(within(dialog).getByLabelText('Due Date'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Raise Dues' }));
    expect(await within(dialog).findByText('Please select a house')).toBeInTheDocument();
    expect(callsTo(calls, 'payments.bulk')).toHaveLength(0);

    await user.selectOptions(
      within(dialog).getByLabelText('House'),
      await within(dialog).findByRole('option', { name: 'B-204 · Block B' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Raise Dues' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('House not found');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Raise Dues' }));
    expect(await screen.findByText('Dues raised for 1 house')).toBeInTheDocument();
    expect(callsTo(calls, 'payments.bulk').at(-1)?.input).toEqual({
      type: 'fine',
      amount: 25.5,
      description: 'Late renovation noise',
      dueDate: '2026-12-01',
      houseIds: [HOUSE_B204.id],
    });
  });
});

describe('Overdue payments (docs/operations.md#dues-ledger)', () => {
  it('marks overdue payments with a badge and filters them', async () => {
    const late = makePayment({ description: 'January maintenance', dueDate: '2026-01-31', overdue: true });
    const onTime = makePayment({ description: 'December maintenance', dueDate: '2026-12-31' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': (input: { overdue?: boolean }) => listOf(input.overdue ? [late] : [late, onTime]),
    });
    const { user } = renderApp('/payments', { user: admin });

    const lateRow = (await screen.findByText('January maintenance')).closest('li') as HTMLElement;
    expect(within(lateRow).getByText('Overdue')).toBeInTheDocument();
    expect(within(lateRow).getByText('Pending')).toBeInTheDocument();
    const onTimeRow = screen.getByText('December maintenance').closest('li') as HTMLElement;
    expect(within(onTimeRow).queryByText('Overdue')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'overdue');
    await waitFor(() => expect(screen.queryByText('December maintenance')).not.toBeInTheDocument());
    expect(callsTo(calls, 'payments.list').at(-1)?.input).toEqual({ limit: 50, overdue: true });
  });
});

describe('the receipt page (docs/operations.md#dues-ledger)', () => {
  const paid = makePayment({
    amount: 45,
    type: 'amenity',
    description: 'Pool booking',
    status: 'completed',
    paidAt: '2026-03-05T17:00:00.000Z',
    method: 'bank-transfer',
    reference: 'TRX-88121',
  });

  it('shows house, residents, type, description, amount, paid at, method, reference and number, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'payments.byId': () => paid,
      'houses.byId': () => makeHouseDetail({ residents: [{ id: resident.id, name: 'Priya Sharma', email: resident.email, phone: resident.phone }] }),
    });
    const { user, container } = renderApp(`/payments/${paid.id}/receipt`, { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    const receipt = container.querySelector('.print-area') as HTMLElement;
    expect(receipt).not.toBeNull();
    const line = (term: string) => within(receipt).getByText(term).nextElementSibling?.textContent;
    expect(line('Receipt number')).toBe(paid.id);
    expect(line('House')).toBe('A-101 · Block A');
    expect(await within(receipt).findByText('Priya Sharma')).toBeInTheDocument();
    expect(line('Type')).toBe('Amenity');
    expect(line('Description')).toBe('Pool booking');
    expect(line('Amount')).toBe('$45.00');
    expect(line('Paid at')).toMatch(/^Mar 05, 2026/);
    expect(line('Method')).toBe('Bank transfer');
    expect(line('Reference')).toBe('TRX-88121');
    // The Print button and the back link are outside the printed area.
    const printButton = screen.getByRole('button', { name: 'Print' });
    expect(receipt.contains(printButton)).toBe(false);
    await user.click(printButton);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('has no receipt for a payment that is not completed, and says so for one it cannot find', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'payments.byId': () => makePayment() });
    renderApp('/payments/dddddddd-0000-4000-8000-000000000001/receipt', { user: resident });
    expect(await screen.findByRole('alert')).toHaveTextContent('only completed payments have one');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('answers another house’s payment with Payment not found', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'payments.byId': () => {
        throw trpcError(404, 'Payment not found');
      },
    });
    renderApp('/payments/dddddddd-0000-4000-8000-000000000009/receipt', { user: resident });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('the house balance (docs/operations.md#dues-ledger)', () => {
  const figures = (card: HTMLElement) =>
    Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );

  it('shows on the resident’s dashboard, for their own house', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitationSummaries': () => listOf([]),
      'houses.balance': () => balance,
    });
    renderApp('/dashboard', { user: resident });

    const card = (await screen.findByRole('heading', { name: 'Dues balance' })).closest('section') as HTMLElement;
    await waitFor(() => expect(figures(card)).toEqual({ Pending: '$1,234.50', Overdue: '$100.00', 'Paid this year': '$45.00' }));
    expect(callsTo(calls, 'houses.balance')[0]?.input).toEqual({ id: resident.houseId!.id });
  });

  it('shows on the admin’s house page, not to a resident of another house', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.byId': () => makeHouseDetail({ ...houseB204 }),
      'users.list': () => listOf([]),
      'houses.balance': () => ({ pending: 0, overdue: 0, paidThisYear: 300 }),
    });
    renderApp(`/houses/${houseB204.id}`, { user: admin });
    const card = (await screen.findByRole('heading', { name: 'Dues balance' })).closest('section') as HTMLElement;
    await waitFor(() => expect(figures(card)).toEqual({ Pending: '$0.00', Overdue: '$0.00', 'Paid this year': '$300.00' }));
    expect(callsTo(calls, 'houses.balance')[0]?.input).toEqual({ id: houseB204.id });
    expect(currentPath()).toBe(`/houses/${houseB204.id}`);
  });

  it('is not asked for by a resident looking at another house', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'houses.byId': () => makeHouseDetail({ ...houseB204 }),
    });
    renderApp(`/houses/${houseB204.id}`, { user: resident });
    expect(await screen.findByRole('heading', { level: 1, name: 'House B-204' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dues balance' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'houses.balance')).toHaveLength(0);
  });
});
