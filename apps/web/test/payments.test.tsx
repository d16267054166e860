import { formatCurrency } from '@gatehouse/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { chooseLanguage } from '../src/lib/i18n';
import {
  PaymentStatusBadge,
  paymentStatusAppearance,
  StatusBadge,
} from '../src/components/StatusBadge';
import {
  admin,
  guard,
  HOUSE_B204,
  houseA101,
  houseB204,
  listOf,
  makeHouseDetail,
  makePayment,
  resident,
  answerConfirmation,
} from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const dues = makePayment({ amount: 1234.5, description: 'March maintenance' });
const poolFee = makePayment({
  amount: 45,
  type: 'amenity',
  description: 'Pool booking',
  status: 'completed',
  paidAt: '2026-03-05T12:00:00.000Z',
});
const parkingFine = makePayment({
  amount: 75,
  type: 'fine',
  description: 'Parking in a fire lane',
  status: 'failed',
  dueDate: null,
});

const rowOf = (description: string) => screen.getByText(description).closest('li') as HTMLElement;

describe('payment status badges (docs/product.md#statuses-and-their-badges)', () => {
  it('shows completed like approved, failed like rejected and anything else like pending', () => {
    expect(paymentStatusAppearance('completed')).toEqual({ label: 'Completed', look: 'approved' });
    expect(paymentStatusAppearance('failed')).toEqual({ label: 'Failed', look: 'rejected' });
    expect(paymentStatusAppearance('pending')).toEqual({ label: 'Pending', look: 'pending' });
    expect(paymentStatusAppearance('refunded')).toEqual({ label: 'Pending', look: 'pending' });
    expect(paymentStatusAppearance('toString')).toEqual({ label: 'Pending', look: 'pending' });
  });

  it('paints them in the colours of the visitor badge they are shown like', () => {
    const { container } = render(
      <>
        <PaymentStatusBadge status="completed" />
        <StatusBadge status="approved" />
        <PaymentStatusBadge status="failed" />
        <StatusBadge status="rejected" />
        <PaymentStatusBadge status="mystery" />
        <StatusBadge status="pending" />
      </>,
    );
    const [completed, approved, failed, rejected, unknown, pending] = Array.from(
      container.querySelectorAll('span[data-status]'),
    );
    expect(completed?.className).toBe(approved?.className);
    expect(failed?.className).toBe(rejected?.className);
    expect(unknown?.className).toBe(pending?.className);
    expect(completed?.className).not.toBe(failed?.className);
    expect(unknown).toHaveTextContent('Pending');
  });
});

describe('/payments (docs/product.md#screens-and-routes, docs/product.md#statuses-and-their-badges, docs/product.md#constants-and-formats; docs/security.md#who-may-do-what, docs/api.md#payments)', () => {
  it('sends a guard to /dashboard', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => listOf([]),
    });
    renderApp('/payments', { user: guard });

    // To /dashboard, and on to the gate screen: a guard's home.
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
    expect(currentPath()).toBe('/guard');
    expect(callsTo(calls, 'payments.list')).toHaveLength(0);
  });

  it('lists a resident’s payments in USD with type, due date and status, and no admin actions', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'payments.list': () =>
        listOf([
          dues,
          poolFee,
          parkingFine,
          makePayment({ status: 'weird' as never, description: 'Odd one' }),
        ]),
    });
    renderApp('/payments', { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await screen.findByText('March maintenance');
    expect(callsTo(calls, 'payments.list')[0]?.input).toEqual({ limit: 50 });

    const duesRow = rowOf('March maintenance');
    expect(within(duesRow).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(duesRow).getByRole('heading', { name: 'Maintenance' })).toBeInTheDocument();
    expect(within(duesRow).getByText('Due Mar 31, 2026')).toBeInTheDocument();
    expect(within(duesRow).getByText('Pending')).toHaveAttribute('data-look', 'pending');

    const poolRow = rowOf('Pool booking');
    expect(within(poolRow).getByText('$45.00')).toBeInTheDocument();
    expect(within(poolRow).getByText('Completed')).toHaveAttribute('data-look', 'approved');
    expect(within(poolRow).getByText('Paid Mar 05, 2026')).toBeInTheDocument();

    const fineRow = rowOf('Parking in a fire lane');
    expect(within(fineRow).getByText('Failed')).toHaveAttribute('data-look', 'rejected');
    expect(within(fineRow).getByText('No due date')).toBeInTheDocument();

    expect(within(rowOf('Odd one')).getByText('Pending')).toHaveAttribute('data-look', 'pending');

    expect(screen.queryByRole('button', { name: 'Record Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fail' })).not.toBeInTheDocument();
  });

  it('shows amounts and dates through Intl in Spanish (docs/product.md#languages)', async () => {
    await chooseLanguage('es');
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'payments.list': () => listOf([dues, poolFee]) });
    renderApp('/payments', { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
    await screen.findByText('March maintenance');
    // Intl's own form, its no-break space read as the page's text is (a plain space).
    const spanishDollars = (amount: number) =>
      new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(amount).replace(/\s/g, ' ');
    expect(spanishDollars(1234.5)).toBe('1234,50 US$');

    const duesRow = rowOf('March maintenance');
    expect(within(duesRow).getByText(spanishDollars(1234.5))).toBeInTheDocument();
    expect(within(duesRow).queryByText('$1,234.50')).not.toBeInTheDocument();
    expect(within(duesRow).getByRole('heading', { name: 'Mantenimiento' })).toBeInTheDocument();
    expect(within(duesRow).getByText('Vence el 31 mar 2026')).toBeInTheDocument();

    const poolRow = rowOf('Pool booking');
    expect(within(poolRow).getByText(spanishDollars(45))).toBeInTheDocument();
    expect(within(poolRow).getByText('Pagado el 5 mar 2026')).toBeInTheDocument();

    expect(within(poolRow).getByRole('link', { name: 'Recibo' })).toHaveAttribute('href', `/payments/${poolFee.id}/receipt`);
  });

  it('offers a receipt for completed payments only, on a page of its own (docs/operations.md#dues-ledger)', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'payments.list': () => listOf([dues, poolFee]),
      'payments.byId': () => poolFee,
      'houses.byId': () => makeHouseDetail(),
    });
    const { user } = renderApp('/payments', { user: resident });

    await screen.findByText('Pool booking');
    expect(within(rowOf('March maintenance')).queryByRole('link', { name: 'Receipt' })).not.toBeInTheDocument();
    await user.click(within(rowOf('Pool booking')).getByRole('link', { name: 'Receipt' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    expect(currentPath()).toBe(`/payments/${poolFee.id}/receipt`);
    expect(await screen.findByText(poolFee.id)).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'payments.list': () => listOf([]) });
    renderApp('/payments', { user: resident });

    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('Dues of your house show up here.')).toBeInTheDocument();
  });

  it('gives an admin Complete and Fail on pending payments only', async () => {
    let payments = [dues, poolFee, parkingFine];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': () => listOf(payments),
      'payments.complete': (input: { id: string }) => {
        payments = payments.map((payment) =>
          payment.id === input.id
            ? { ...payment, status: 'completed' as const, paidAt: '2026-03-10T09:00:00.000Z' }
            : payment,
        );
        return payments.find((payment) => payment.id === input.id);
      },
    });
    const { user } = renderApp('/payments', { user: admin });

    await screen.findByText('March maintenance');
    expect(screen.getAllByRole('button', { name: 'Complete' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Fail' })).toHaveLength(1);
    // A completed payment is settled: only its receipt is offered.
    expect(within(rowOf('Pool booking')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('Pool booking')).getByRole('link', { name: 'Receipt' })).toBeInTheDocument();
    const complete = within(rowOf('March maintenance')).getByRole('button', { name: 'Complete' });
    expect(complete).toHaveAccessibleDescription(
      'Maintenance, March maintenance, $1,234.50, house A-101',
    );

    // docs/operations.md#dues-ledger: completing asks how it was paid, and for a reference.
    await user.click(complete);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(
      within(within(dialog).getByLabelText('Method')).getAllByRole('option').map((option) => option.textContent),
    ).toEqual(['Cash', 'Cheque', 'Bank transfer', 'Card', 'Other']);
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'cheque');
    await user.type(within(dialog).getByLabelText(/^Reference/), '  CHQ 00417 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Completed' }));
    await waitFor(() =>
      expect(within(rowOf('March maintenance')).getByText('Completed')).toBeInTheDocument(),
    );
    expect(callsTo(calls, 'payments.complete')[0]?.input).toEqual({ id: dues.id, method: 'cheque', reference: 'CHQ 00417' });
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
  });

  it('shows a refused Fail in the error box', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': () => listOf([dues]),
      'payments.fail': () => {
        throw trpcError(409, 'Payment cannot be failed: status is completed');
      },
    });
    const { user } = renderApp('/payments', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    expect(await answerConfirmation(user, false)).toMatch(/as failed\?$/);
    expect(callsTo(calls, 'payments.fail')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await answerConfirmation(user, true);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment cannot be failed: status is completed',
    );
    expect(callsTo(calls, 'payments.fail')[0]?.input).toEqual({ id: dues.id });
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'payments.list': () => {
        if (fail) throw trpcError(500, 'Internal server error');
        return listOf([dues]);
      },
    });
    const { user } = renderApp('/payments', { user: resident });

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('March maintenance')).toBeInTheDocument();
  });

  it('records a payment: house, amount, type, description and due date, with validation', async () => {
    const created = makePayment({
      houseId: HOUSE_B204,
      amount: 250.75,
      type: 'fine',
      description: 'Noise after 10 PM',
      dueDate: '2026-04-15',
    });
    let payments = [dues];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': () => listOf(payments),
      'houses.list': () => listOf([houseA101, houseB204]),
      'payments.create': () => {
        payments = [created, ...payments];
        return created;
      },
    });
    const { user } = renderApp('/payments', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Record Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Payment' });
    const houseOption = await within(dialog).findByRole('option', { name: 'B-204 · Block B' });
    expect(callsTo(calls, 'houses.list')[0]?.input).toEqual({ limit: 100 });
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment' }));
    expect(await within(dialog).findByText('Please select a house')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Amount (USD)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment' }));
    expect(await within(dialog).findByText('Amount must be greater than 0')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '10.123');
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment' }));
    expect(
      await within(dialog).findByText('Amount must have at most 2 decimals'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'payments.create')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('House'), houseOption);
    await user.clear(within(dialog).getByLabelText('Amount (USD)'));
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '250.75');
    expect(
      within(within(dialog).getByLabelText('Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Maintenance', 'Amenity', 'Fine', 'Other']);
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'fine');
    await user.type(within(dialog).getByLabelText('Description'), 'Noise after 10 PM');
    await user.type(within(dialog).getByLabelText('Due Date'), '2026-04-15');
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
    expect(callsTo(calls, 'payments.create')[0]?.input).toEqual({
      houseId: houseB204.id,
      amount: 250.75,
      type: 'fine',
      description: 'Noise after 10 PM',
      dueDate: '2026-04-15',
    });
    expect(await screen.findByText(formatCurrency(250.75))).toBeInTheDocument();
    expect(screen.getByText('$250.75')).toBeInTheDocument();
  });

  it('leaves the optional description and due date out when empty', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'payments.list': () => listOf([]),
      'houses.list': () => listOf([houseA101]),
      'payments.create': () => makePayment(),
    });
    const { user } = renderApp('/payments', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Record Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Payment' });
    await user.selectOptions(
      within(dialog).getByLabelText('House'),
      await within(dialog).findByRole('option', { name: 'A-101 · Block A' }),
    );
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment' }));

    await waitFor(() =>
      expect(callsTo(calls, 'payments.create')[0]?.input).toEqual({
        houseId: houseA101.id,
        amount: 120,
        type: 'maintenance',
      }),
    );
  });
});
