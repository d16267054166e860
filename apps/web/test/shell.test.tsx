import { MAX_NAV_ENTRIES, ROLES } from '@gatehouse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { bottomBarEntries, topBarEntries } from '../src/features/shell/navigation';
import { guard, resident } from './fixtures';
import { renderApp } from './render-app';
import { mockTrpc } from './trpc-mock';

const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);

describe('menus by role (docs/product.md#roles-and-what-they-see, docs/product.md#constants-and-formats)', () => {
  it('keeps both bars at 5 entries or fewer', () => {
    for (const role of ROLES) {
      expect(topBarEntries(role).length).toBeLessThanOrEqual(MAX_NAV_ENTRIES);
      expect(bottomBarEntries(role).length).toBeLessThanOrEqual(MAX_NAV_ENTRIES);
    }
  });

  it('builds the documented bottom bar', () => {
    expect(labels(bottomBarEntries('guard'))).toEqual(['Home', 'Scan', 'Houses', 'Profile']);
    expect(labels(bottomBarEntries('resident'))).toEqual([
      'Home',
      'Visitors',
      'Houses',
      'Vehicles',
      'Profile',
    ]);
    expect(labels(bottomBarEntries('admin'))).toEqual([
      'Home',
      'Visitors',
      'Houses',
      'Vehicles',
      'Profile',
    ]);
  });

  it('gives each role its top bar: residents and admins reach payments, only admins users', () => {
    expect(labels(topBarEntries('resident'))).toEqual([
      'Dashboard',
      'My Visitors',
      'Houses',
      'Vehicles',
      'Payments',
    ]);
    // A guard's home is the gate screen.
    expect(labels(topBarEntries('guard'))).toEqual(['Home', 'Scan QR', 'All Visitors', 'Inside Now', 'Houses']);
    expect(topBarEntries('guard')[0]?.href).toBe('/guard');
    expect(bottomBarEntries('guard')[0]?.href).toBe('/guard');
    expect(labels(topBarEntries('admin'))).toEqual([
      'Dashboard',
      'Visitors',
      'Houses',
      'Users',
      'Payments',
    ]);
  });

  it('gives residents no gate screens and guards no vehicles, payments or users', () => {
    const residentHrefs = topBarEntries('resident').map((entry) => entry.href);
    expect(residentHrefs).not.toHaveLength(0);
    expect(residentHrefs.filter((href) => href.startsWith('/guard'))).toEqual([]);
    expect(residentHrefs).not.toContain('/users');
    const guardHrefs = [...topBarEntries('guard'), ...bottomBarEntries('guard')].map(
      (entry) => entry.href,
    );
    expect(guardHrefs).not.toContain('/vehicles');
    expect(guardHrefs).not.toContain('/payments');
    expect(guardHrefs).not.toContain('/users');
  });

  it('renders the main menu with the current page marked', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
    });
    renderApp('/guard/dashboard', { user: guard });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Scan QR' })).not.toHaveAttribute('aria-current');
  });
});

describe('focus after navigation (docs/product.md#accessibility)', () => {
  it('moves focus to the new page’s heading, and leaves the gate’s token field focused', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
      'houses.list': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(main).getByRole('link', { name: 'Houses' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Houses' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The scan screen focuses its own field for a hardware scanner: it keeps it.
    await user.click(within(main).getByRole('link', { name: 'Scan QR' }));
    const field = await screen.findByLabelText('Pass token or code');
    await waitFor(() => expect(field).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(field).toHaveFocus();
  });
});

describe('/profile (docs/product.md#screens-and-routes)', () => {
  it('shows initials, name, email, role, phone, house and status', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }) });
    renderApp('/profile', { user: resident });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Priya Sharma' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('PS').length).toBeGreaterThan(0);
    expect(screen.getAllByText('priya@gatehouse.test').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Resident').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('+15550100101')).toBeInTheDocument();
    expect(screen.getByText(/A-101/)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });
});
