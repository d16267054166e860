/**
 * Erasing a visitor's personal data (docs/privacy.md#retention-and-erasure): the admin's button on
 * the visitor's
 * page, asked first in a dialog that says what goes, and the note an anonymised visitor's
 * page shows instead of passing "Visitor" off as a real name.
 */
import type { Visitor } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useCommunityTimeZone } from '../../lib/time-zone';

const messages = i18n('VisitorErase', {
  erase: 'Erase personal data',
  title: 'Erase personal data?',
  /** What the erase removes and keeps (docs/privacy.md#retention-and-erasure). */
  question:
    'The name becomes “Visitor”, and the phone, email, vehicle plate, purpose, notes and photo are removed for good. The date, house, status and gate times stay for the reports. This cannot be undone.',
  keep: 'Keep Data',
  failed: 'Failed to erase personal data',
  erasedOn: params('Personal data erased on {date}.'),
  erasedHint: 'The name shown is not the visitor’s own.',
});

/** Whether anything is left to erase: not yet anonymised, or anonymised by the retention job with its purpose kept. */
export function canErase(visitor: Visitor): boolean {
  return !visitor.anonymisedAt || Boolean(visitor.purpose);
}

/** The admin's Erase personal data button; on success the page shows the erased visitor. */
export function EraseVisitorButton({ visitor, onError }: { visitor: Visitor; onError: (message: string | null) => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const erase = useMutation(
    trpc.visitors.erase.mutationOptions({
      onSuccess: async (erased) => {
        queryClient.setQueryData(trpc.visitors.byId.queryKey({ id: erased.id }), erased);
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
      },
      onError: (error) => onError(failureText(error, t.failed)),
    }),
  );
  const onErase = async () => {
    if (!(await confirm({ title: t.title, message: t.question, confirmLabel: t.erase, dismissLabel: t.keep }))) return;
    onError(null);
    erase.mutate({ id: visitor.id });
  };
  return (
    <Button variant="danger" onClick={onErase} loading={erase.isPending} icon={<ShieldOff aria-hidden="true" className="size-4" />}>
      {t.erase}
    </Button>
  );
}

/** The note on an anonymised visitor's page: when their data was removed. */
export function ErasedNote({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  if (!visitor.anonymisedAt) return null;
  return (
    <p role="note" className="mb-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <strong className="font-semibold text-slate-900">{t.erasedOn({ date: formatInstant(visitor.anonymisedAt, timeZone) })}</strong>{' '}
      {t.erasedHint}
    </p>
  );
}

/** An error box for a failed erase, dismissible. */
export function EraseError({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  return message ? <ErrorBox message={message} onDismiss={onDismiss} className="mb-6" /> : null;
}

/** The page's erase-error state. */
export function useEraseError() {
  return useState<string | null>(null);
}
