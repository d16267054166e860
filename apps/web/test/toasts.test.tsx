/**
 * The app's notices (lib/toasts.tsx): shown in one polite live region, the newest three at
 * most, and the same notice again (a scanner's double read at the gate) shown once.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Toaster, ToastProvider, useToast, type ToastTone } from '../src/lib/toasts';

let show: (message: string, tone?: ToastTone) => void = () => {};

function Probe() {
  show = useToast().showToast;
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <Probe />
      <Toaster />
    </ToastProvider>,
  );
  return screen.getByRole('status');
}

describe('notices', () => {
  it('shows the same notice once however often it is asked for, and different ones side by side', () => {
    const region = renderToasts();
    act(() => {
      show('Visitor checked in successfully!');
      show('Visitor checked in successfully!');
    });
    expect(region.querySelectorAll('p')).toHaveLength(1);
    act(() => show('Visitor checked in successfully!', 'info'));
    act(() => show('Visitor checked out'));
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Visitor checked in successfully!',
      'Visitor checked in successfully!',
      'Visitor checked out',
    ]);
  });

  it('keeps the newest three', () => {
    const region = renderToasts();
    act(() => {
      for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) show(`${name} checked in`);
    });
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Bob checked in', 'Cy checked in', 'Dee checked in']);
  });
});
