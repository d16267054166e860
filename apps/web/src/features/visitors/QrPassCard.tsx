/**
 * The QR pass of a visitor (docs/product.md#screens-and-routes,
 * docs/product.md#constants-and-formats): the QR image, the pass code, the token
 * with Copy Token, and Share, Download and Print of the pass card (PassShareActions: the
 * card with the community, the visitor, the date and window, the house, the QR and the code).
 */
import {
  COPIED_CONFIRMATION_MS,
  formatPassCode,
  qrFileName,
  truncateToken,
  type Visitor,
} from '@gatehouse/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { copyText } from '../../lib/clipboard';
import { formatDate, formatTimeWindow, formatVisitWindow, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { passCardFileName, type PassCardContent } from '../passes/pass-card';
import { PassCreatedNotice, PassShareActions, useCommunityName } from '../passes/PassShareActions';

const messages = i18n('QrPassCard', {
  title: 'Visitor Pass',
  description: 'Show this QR code at the gate.',
  visitor: 'Visitor',
  visit: 'Visit',
  house: 'House',
  qrAlt: params('QR code for {name}'),
  passCode: 'Pass code',
  noSmartphone: 'No smartphone? Read this code out at the gate.',
  passToken: 'Pass token',
  tokenShortened: 'Shortened: use Copy Token for the whole token',
  copyToken: 'Copy Token',
  copied: 'Copied!',
  copyFailed: 'Could not copy the token',
  cardKind: 'Visitor pass',
  cardHouse: params('House {house}'),
  cardFooter: 'Show the QR code at the gate, or read out the pass code.',
  passShareTitle: params('Gate pass: {name}'),
  passShareText: params('Gate pass for {name}: {date}, {time}, House {house}. Pass code: {code}'),
});

/** The visitor's pass card, the Copy Token button and the share actions. */
export function QrPassCard({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  const communityName = useCommunityName();
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copyToken = async () => {
    setProblem(null);
    try {
      await copyText(visitor.qrCodeToken);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t.copyFailed);
    }
  };

  const date = formatDate(visitor.visitDate);
  // The window in the community's time, as the gate reads it (the card may travel abroad).
  const time = formatTimeWindow(visitor.visitTimeFrom, visitor.visitTimeTo);
  const house = houseLabel(visitor.houseId);
  const card = useMemo<PassCardContent>(
    () => ({
      communityName: communityName ?? '',
      kindLabel: t.cardKind,
      visitorName: visitor.name,
      when: [date, time],
      house: t.cardHouse({ house }),
      codeLabel: t.passCode,
      code: visitor.passCode,
      token: visitor.qrCodeToken,
      footer: t.cardFooter,
    }),
    [communityName, t, visitor.name, date, time, house, visitor.passCode, visitor.qrCodeToken],
  );

  return (
    // The print area: what paper gets where the browser cannot draw the pass card.
    <Card title={t.title} description={t.description} className="print-area">
      <div className="flex flex-col items-center gap-4">
        <PassCreatedNotice />
        {/* On paper the pass says whose it is and when (docs/product.md#paper). */}
        <dl className="hidden w-full text-center print:block">
          <dt className="sr-only">{t.visitor}</dt>
          <dd className="text-2xl font-bold text-slate-900">{visitor.name}</dd>
          <dt className="sr-only">{t.visit}</dt>
          <dd className="mt-1 text-lg text-slate-800">
            {date} · {formatVisitWindow(visitor, timeZone)}
          </dd>
          <dt className="sr-only">{t.house}</dt>
          <dd className="text-lg text-slate-800">{house}</dd>
        </dl>
        <div className="rounded-2xl border border-slate-200 bg-white p-3">
          <img
            src={visitor.qrCodeDataUrl}
            alt={t.qrAlt({ name: visitor.name })}
            width={224}
            height={224}
            className="size-56 [image-rendering:pixelated]"
          />
        </div>
        <div className="text-center">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t.passCode}</p>
          <p className="mt-1 font-mono text-4xl font-bold tracking-widest text-slate-900" data-testid="pass-code">
            {formatPassCode(visitor.passCode)}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t.noSmartphone}</p>
        </div>
        <div className="text-center">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t.passToken}</p>
          <code
            className="mt-1 block font-mono text-sm break-all text-slate-800"
            title={t.tokenShortened}
          >
            {truncateToken(visitor.qrCodeToken)}
          </code>
        </div>
        <PassShareActions
          card={communityName === null ? null : card}
          share={{
            title: t.passShareTitle({ name: visitor.name }),
            text: t.passShareText({ name: visitor.name, date, time, house, code: formatPassCode(visitor.passCode) }),
          }}
          fileName={passCardFileName(visitor.name, visitor.visitDate)}
          fallbackImage={{ url: visitor.qrCodeDataUrl, fileName: qrFileName(visitor.name, visitor.visitDate) }}
        >
          <Button
            variant="secondary"
            onClick={() => void copyToken()}
            icon={
              copied ? (
                <Check aria-hidden="true" className="size-4 text-emerald-600" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )
            }
          >
            {copied ? t.copied : t.copyToken}
          </Button>
        </PassShareActions>
        <p role="status" className="sr-only">
          {copied ? t.copied : ''}
        </p>
        {problem && (
          <ErrorBox
            message={problem}
            onDismiss={() => setProblem(null)}
            headingLevel={3}
            className="w-full"
          />
        )}
      </div>
    </Card>
  );
}
