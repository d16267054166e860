/** The confirmation's dialog (components/ConfirmDialog), loaded when the first one opens. */
import { Button } from './Button';
import type { ConfirmRequest } from './ConfirmDialog';
import { Dialog } from './Dialog';
import { i18n, useMessages } from '../lib/i18n';

const messages = i18n('ConfirmDialogView', { goBack: 'Go Back' });

/** The question and two real buttons; focus starts on the safe one. */
export default function ConfirmDialogView({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (confirmed: boolean) => void }) {
  const t = useMessages(messages);
  return (
    <Dialog title={request.title} onClose={() => onAnswer(false)}>
      <p className="text-base text-slate-800">{request.message}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" data-autofocus onClick={() => onAnswer(false)}>
          {request.dismissLabel ?? t.goBack}
        </Button>
        <Button variant={request.tone === 'primary' ? 'primary' : 'danger'} size="lg" onClick={() => onAnswer(true)}>
          {request.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
