/**
 * /guard/inside: Inside now (docs/operations.md#reports-exports-and-inside-now), the evacuation
 * roll call for guards and admins:
 * everyone checked in, by gate (once gates exist) and house, one table per house (name,
 * phone, check-in time in the community's zone, kind, vehicle), with Print (the roll call
 * alone on white paper, no bars or buttons: index.css, `.roll-call`).
 *
 * Online it reads `gate.inside` and keeps each answer on the device; with no server (offline,
 * or the server unreachable) it shows the device's copy (lib/gate-store.ts `StoredInside`:
 * the last answer, kept by the gate sync too, changed by the moves queued offline since)
 * under "Offline — as of HH:MM", without phone numbers (never kept on the device).
 */
import type { GateInsideItem } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { Printer, ShieldCheck, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { useConnectionState } from '../../lib/connection';
import { failureText } from '../../lib/failures';
import { formatInstant, formatNumber, houseLabel } from '../../lib/format';
import { gateGeneration, readInside, readSettings, storeInside, type StoredInside } from '../../lib/gate-store';
import { count as plural, i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { recurringKindLabel } from '../passes/pass-labels';
import { checkInLabel } from './gate-messages';

const messages = i18n('InsideNowPage', {
  title: 'Inside now',
  subtitle: 'Everyone checked in right now, by gate and house: the roll call for an evacuation.',
  insideCount: plural({ one: '{count} person inside', other: '{count} people inside' }),
  print: 'Print',
  loading: 'Loading who is inside',
  offlineAsOf: params('Offline — as of {time}'),
  offlineHint: 'This list is the copy kept on this device, with the check-ins and check-outs made here since. Phone numbers are not kept on the device.',
  capped: params('Showing the first {shown} of {total}.'),
  emptyTitle: 'Nobody is inside',
  emptyHint: 'No visitor is checked in right now.',
  noGate: 'Gate not recorded',
  gate: params('Gate {name}'),
  house: params('House {house}'),
  houseCount: plural({ one: '{count} inside', other: '{count} inside' }),
  name: 'Name',
  phone: 'Phone',
  checkedIn: 'Checked in',
  kind: 'Kind',
  vehicle: 'Vehicle',
  host: params('Host: {name}'),
  none: '—',
  invitation: 'Invitation',
  walkIn: 'Walk-in',
  printedAt: params('Printed {time}'),
});

type Messages = ReturnType<typeof messages.get>;

interface HouseGroup {
  key: string;
  house: GateInsideItem['houseId'];
  items: GateInsideItem[];
}

interface GateGroup {
  key: string;
  gate: GateInsideItem['gate'];
  houses: HouseGroup[];
}

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * Everyone inside by gate (none last), then house (number, then block), each house's people
 * by name: the server's order, applied again because the device's copy changes offline.
 */
export function groupInside(items: readonly GateInsideItem[]): GateGroup[] {
  const sorted = [...items].sort(
    (a, b) =>
      Number(a.gate === null) - Number(b.gate === null) ||
      compareText(a.gate?.name ?? '', b.gate?.name ?? '') ||
      compareText(a.houseId.houseNumber, b.houseId.houseNumber) ||
      compareText(a.houseId.block, b.houseId.block) ||
      compareText(a.name, b.name),
  );
  const gates: GateGroup[] = [];
  for (const item of sorted) {
    const gateKey = item.gate?.id ?? '';
    let gate = gates.at(-1);
    if (!gate || gate.key !== gateKey) {
      gate = { key: gateKey, gate: item.gate, houses: [] };
      gates.push(gate);
    }
    const houseKey = `${item.houseId.houseNumber}\u0000${item.houseId.block}`;
    let house = gate.houses.at(-1);
    if (!house || house.key !== houseKey) {
      house = { key: houseKey, house: item.houseId, items: [] };
      gate.houses.push(house);
    }
    house.items.push(item);
  }
  return gates;
}

function HouseTable({ group, headingLevel, timeZone, now, t }: { group: HouseGroup; headingLevel: 2 | 3; timeZone: string; now: Date; t: Messages }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `inside-house-${group.key.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="roll-call-group mb-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {t.house({ house: houseLabel(group.house) })}
        </Heading>
        <p className="text-sm font-medium text-slate-600">{t.houseCount(group.items.length)}</p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-base" aria-labelledby={headingId}>
          <thead className="border-b border-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">{t.name}</th>
              <th scope="col" className="px-4 py-3">{t.phone}</th>
              <th scope="col" className="px-4 py-3">{t.checkedIn}</th>
              <th scope="col" className="px-4 py-3">{t.kind}</th>
              <th scope="col" className="px-4 py-3">{t.vehicle}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {group.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" className="min-w-40 px-4 py-3 font-semibold [overflow-wrap:break-word] text-slate-900">
                  {item.name}
                  {item.hostName && <span className="block text-sm font-normal text-slate-600">{t.host({ name: item.hostName })}</span>}
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {item.phone ? (
                    <a href={`tel:${item.phone}`} className="inline-flex min-h-11 items-center text-brand-800 underline print:min-h-0 print:no-underline">
                      {item.phone}
                    </a>
                  ) : (
                    t.none
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{checkInLabel(item.checkInTime, timeZone, now)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{item.kind === 'recurring' ? recurringKindLabel() : item.kind === 'walk-in' ? t.walkIn : t.invitation}</td>
                <td className="px-4 py-3 font-mono text-sm text-slate-700">{item.vehicleLicensePlate ?? t.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Inside now: the count, Print, and the roll call by gate and house; the device's copy when the server cannot be reached. */
export function InsideNowPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const connection = useConnectionState();
  const communityZone = useCommunityTimeZone();
  // With no network at all, not asked: the device's copy is shown.
  const inside = useQuery({ ...trpc.gate.inside.queryOptions({}), refetchInterval: 30_000, enabled: connection !== 'offline' });
  // undefined: not read yet; null: no copy on this device.
  const [stored, setStored] = useState<{ copy: StoredInside; timeZone: string | null } | null | undefined>(undefined);

  // Each answer is kept for the roll call offline.
  useEffect(() => {
    if (inside.data) void storeInside(inside.data.items, { since: gateGeneration() }).catch(() => {});
  }, [inside.data]);

  const useDevice = connection !== 'online' || (inside.isError && !inside.data);
  useEffect(() => {
    if (!useDevice) return;
    let current = true;
    void Promise.all([readInside(), readSettings()])
      .then(([copy, settings]) => {
        if (current) setStored(copy ? { copy, timeZone: settings?.timeZone ?? null } : null);
      })
      .catch(() => {
        if (current) setStored(null);
      });
    return () => {
      current = false;
    };
  }, [useDevice]);

  const fromDevice = useDevice && stored !== null && stored !== undefined;
  const timeZone = fromDevice && stored.timeZone ? stored.timeZone : communityZone;
  const items = fromDevice ? stored.copy.items : (inside.data?.items ?? null);
  const total = fromDevice ? stored.copy.items.length : (inside.data?.total ?? 0);
  const now = new Date();
  const groups = items ? groupInside(items) : [];
  const gatesKnown = groups.some((group) => group.gate !== null);

  let body;
  if (items === null) {
    body =
      inside.isError || (useDevice && stored === null) ? (
        <ErrorBox message={failureText(inside.error)} onRetry={() => void inside.refetch()} />
      ) : (
        <PageSpinner label={t.loading} />
      );
  } else if (items.length === 0) {
    body = (
      <Card>
        <EmptyState icon={<ShieldCheck aria-hidden="true" className="size-6" />} title={t.emptyTitle} hint={t.emptyHint} />
      </Card>
    );
  } else {
    body = groups.map((gate) =>
      gatesKnown ? (
        <section key={gate.key} aria-labelledby={`inside-gate-${gate.key || 'none'}`} className="mb-6">
          <h2 id={`inside-gate-${gate.key || 'none'}`} className="mb-3 text-xl font-bold text-slate-900">
            {gate.gate ? t.gate({ name: gate.gate.name }) : t.noGate}
          </h2>
          {gate.houses.map((house) => (
            <HouseTable key={house.key} group={house} headingLevel={3} timeZone={timeZone} now={now} t={t} />
          ))}
        </section>
      ) : (
        gate.houses.map((house) => <HouseTable key={house.key} group={house} headingLevel={2} timeZone={timeZone} now={now} t={t} />)
      ),
    );
  }

  return (
    <div className="roll-call">
      <PageHeader
        title={t.title}
        badge={
          items !== null && (
            <span className="inline-flex items-center rounded-full bg-sky-100 px-3 py-1 text-base font-bold text-sky-800">
              {t.insideCount(total)}
            </span>
          )
        }
        subtitle={t.subtitle}
        actions={
          <Button size="lg" onClick={() => window.print()} icon={<Printer aria-hidden="true" className="size-5" />} className="print:hidden">
            {t.print}
          </Button>
        }
      />
      <p className="mb-4 hidden text-sm print:block">{t.printedAt({ time: formatInstant(now.toISOString(), timeZone) })}</p>
      {fromDevice && (
        <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          <p className="flex items-center gap-2 text-base font-semibold">
            <WifiOff aria-hidden="true" className="size-5" />
            {t.offlineAsOf({ time: checkInLabel(new Date(stored.copy.syncedAt).toISOString(), timeZone, now) })}
          </p>
          <p className="mt-1 text-sm">{t.offlineHint}</p>
        </div>
      )}
      {!fromDevice && inside.data && inside.data.total > inside.data.items.length && (
        <p className="mb-4 text-sm text-slate-600">
          {t.capped({ shown: formatNumber(inside.data.items.length), total: formatNumber(inside.data.total) })}
        </p>
      )}
      {body}
    </div>
  );
}
