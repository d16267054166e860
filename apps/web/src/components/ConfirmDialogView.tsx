/** The confirmation's dialog (components/ConfirmDialog), loaded when the first one opens. */
import { Button } from './Button';
import type { ConfirmRequest } from './ConfirmDialog';
import { Dialog } from './Dialog';

/** The question and two real buttons; focus starts on the safe one. */
export default function ConfirmDialogView({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (confirmed: boolean) => void }) {
  return (
    <Dialog title={request.title} onClose={() => onAnswer(false)}>
      <p className="text-base text-slate-800">{request.message}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" data-autofocus onClick={() => onAnswer(false)}>
          {request.dismissLabel ?? 'Go Back'}
        </Button>
        <Button variant={request.tone === 'primary' ? 'primary' : 'danger'} size="lg" onClick={() => onAnswer(true)}>
          {request.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
