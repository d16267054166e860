/**
 * The guard dashboard's gate of this tablet (docs/operations.md#gates): the tablet chooses its gate
 * once (remembered on the device: lib/gate-choice.ts) and every check-in and check-out made
 * on it names that gate. With several active gates and none chosen (or the chosen one
 * switched off or removed) it asks which gate this is, with a large button per gate; with
 * one it says so (the server records the only active gate anyway); once chosen it shows the
 * gate with a Change gate button.
 */
import type { Gate } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { DoorOpen, MapPin } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Button } from '../../components/Button';
import { chooseGate, useChosenGate } from '../../lib/gate-choice';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('GateChooser', {
  chooseTitle: 'Which gate is this tablet at?',
  chooseHint: 'Every check-in and check-out made on this tablet records the gate you choose. This device remembers it.',
  chooseGate: params('This tablet is at {name}'),
  thisGate: params('Gate: {name}'),
  onlyGate: params('Gate: {name} (the only gate)'),
  change: 'Change gate',
  changeLabel: params('Change gate (now {name})'),
  cancel: 'Keep this gate',
  gates: 'Gates',
});

/** The gate of this tablet, on the guard dashboard. Renders nothing while the gates load or when none exist. */
export function GateChooser() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const headingId = useId();
  const gates = useQuery({ ...trpc.gates.list.queryOptions(), staleTime: 60_000 });
  const chosen = useChosenGate();
  const [changing, setChanging] = useState(false);

  const active = (gates.data?.items ?? []).filter((gate) => gate.isActive);
  const current = chosen ? active.find((gate) => gate.id === chosen.id) : undefined;

  // A renamed gate: keep the stored name current (the id is what counts).
  useEffect(() => {
    if (current && chosen && current.name !== chosen.name) chooseGate({ id: current.id, name: current.name });
  }, [current, chosen]);

  if (!gates.data || active.length === 0) return null;

  const pick = (gate: Gate) => {
    chooseGate({ id: gate.id, name: gate.name });
    setChanging(false);
  };

  if (current && !changing) {
    return (
      <p className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-base text-slate-800" role="status">
        <MapPin aria-hidden="true" className="size-5 text-sky-700" />
        <span className="font-semibold">{t.thisGate({ name: current.name })}</span>
        {active.length > 1 && (
          <Button variant="secondary" size="lg" className="ml-auto" aria-label={t.changeLabel({ name: current.name })} onClick={() => setChanging(true)}>
            {t.change}
          </Button>
        )}
      </p>
    );
  }

  if (active.length === 1 && !changing) {
    return (
      <p className="mb-4 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-base text-slate-800">
        <MapPin aria-hidden="true" className="size-5 text-sky-700" />
        <span className="font-semibold">{t.onlyGate({ name: active[0]!.name })}</span>
      </p>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-2xl border-2 border-amber-300 bg-amber-50 px-5 py-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <DoorOpen aria-hidden="true" className="size-5" />
        {t.chooseTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.chooseHint}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.gates}>
        {active.map((gate) => (
          <li key={gate.id}>
            <Button
              size="lg"
              variant={gate.id === current?.id ? 'primary' : 'secondary'}
              className="min-h-14 w-full justify-center"
              aria-label={t.chooseGate({ name: gate.name })}
              aria-pressed={gate.id === current?.id}
              onClick={() => pick(gate)}
            >
              {gate.name}
            </Button>
          </li>
        ))}
      </ul>
      {changing && current && (
        <Button variant="ghost" size="lg" className="mt-3" onClick={() => setChanging(false)}>
          {t.cancel}
        </Button>
      )}
    </section>
  );
}
