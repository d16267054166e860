/**
 * The gate's blocklist warning (docs/operations.md#blocklist): a red alert with the reason on a
 * scanned
 * pass or a walk-in whose phone or plate is on the community blocklist (never who added
 * it), and, for an admin, "Override and check in", which asks for notes first.
 */
import { MAX_LENGTH } from '@gatehouse/shared';
import { Ban, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { controlClasses } from '../../components/Field';
import { i18n, params, useMessages } from '../../lib/i18n';

const messages = i18n('BlocklistWarning', {
  title: 'On the community blocklist',
  reason: params('Reason: {reason}'),
  doNotAdmit: 'Do not let this visitor in. Call the committee if they insist.',
  override: 'Override and check in',
  notes: 'Why are you letting them in?',
  notesHint: 'Required. Kept in the audit log with your name.',
  notesRequired: 'Notes are required to override the blocklist',
  confirm: 'Check In Anyway',
  cancel: 'Cancel',
});

/** The red warning: the reason of the blocklist entry the visitor matches. */
export function BlocklistWarning({ reason, className }: { reason: string; className?: string }) {
  const t = useMessages(messages);
  return (
    <div role="alert" className={`flex items-start gap-3 rounded-xl border-2 border-red-600 bg-red-100 p-4 text-red-900 ${className ?? ''}`}>
      <Ban aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-red-700" />
      <div className="min-w-0">
        <p className="text-lg font-bold">{t.title}</p>
        <p className="mt-1 text-base font-semibold break-words">{t.reason({ reason })}</p>
        <p className="mt-1 text-sm font-medium">{t.doNotAdmit}</p>
      </div>
    </div>
  );
}

/** An admin's override of the blocklist at the gate: a button, then the notes it needs. */
export function BlocklistOverride({ busy, onOverride }: { busy: boolean; onOverride: (notes: string) => void }) {
  const t = useMessages(messages);
  const notesId = useId();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  // Opened by the admin's own click: the notes field is where they type next.
  useEffect(() => {
    if (open) notesRef.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <Button
        size="lg"
        variant="danger"
        className="mt-4 w-full"
        icon={<ShieldAlert aria-hidden="true" className="size-5" />}
        onClick={() => setOpen(true)}
      >
        {t.override}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!notes.trim()) {
      setError(t.notesRequired);
      return;
    }
    onOverride(notes.trim());
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-red-300">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={notesId} className="text-sm font-medium text-slate-800">
          {t.notes}
        </label>
        <textarea
          id={notesId}
          ref={notesRef}
          value={notes}
          rows={3}
          maxLength={MAX_LENGTH.notes}
          onChange={(event) => {
            setNotes(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${notesId}-error` : `${notesId}-hint`}
          className={controlClasses(Boolean(error), 'min-h-20')}
        />
        {error ? (
          <p id={`${notesId}-error`} role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        ) : (
          <p id={`${notesId}-hint`} className="text-sm text-slate-500">
            {t.notesHint}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={() => setOpen(false)}>
          {t.cancel}
        </Button>
        <Button type="submit" size="lg" variant="danger" loading={busy}>
          {t.confirm}
        </Button>
      </div>
    </form>
  );
}
