/** The QR pass of a visitor (product-spec §2, §9): image, download, share, copy token. */
import {
  COPIED_CONFIRMATION_MS,
  formatPassCode,
  qrFileName,
  truncateToken,
  type Visitor,
} from '@gatehouse/shared';
import { Check, Copy, Download, Printer, Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { copyText } from '../../lib/clipboard';
import { formatDate, formatTimeWindow, formatVisitWindow, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';

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
  download: 'Download',
  share: 'Share',
  print: 'Print',
  copyToken: 'Copy Token',
  copied: 'Copied!',
  copyFailed: 'Could not copy the token',
  shareTitle: params('Visitor pass: {name}'),
  shareText: params('Gate pass for {name}: {date}, {time}. Pass code: {code}. Token: {token}'),
});

type Messages = ReturnType<typeof messages.get>;

/** Saves the QR image under `qr-<name>-<date>.png`. */
function downloadQrImage(visitor: Visitor) {
  const link = document.createElement('a');
  link.href = visitor.qrCodeDataUrl;
  link.download = qrFileName(visitor.name, visitor.visitDate);
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The QR image as a file, for share targets that take files; decoded locally, no request. */
function qrImageFile(visitor: Visitor): File | null {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(visitor.qrCodeDataUrl);
  if (!match) return null;
  try {
    const binary = atob(match[2] ?? '');
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new File([bytes], qrFileName(visitor.name, visitor.visitDate), {
      type: match[1] ?? 'image/png',
    });
  } catch {
    return null;
  }
}

function passText(visitor: Visitor, t: Messages): string {
  return t.shareText({
    name: visitor.name,
    date: formatDate(visitor.visitDate),
    time: formatTimeWindow(visitor.visitTimeFrom, visitor.visitTimeTo),
    code: formatPassCode(visitor.passCode),
    token: visitor.qrCodeToken,
  });
}

/**
 * Share uses the system share sheet when the browser has one (with the QR image when it
 * can take files), else copies the token. 'Copied!' shows for 2 s.
 */
export function QrPassCard({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
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

  const share = async () => {
    if (typeof navigator.share !== 'function') {
      await copyToken();
      return;
    }
    setProblem(null);
    const data: ShareData = { title: t.shareTitle({ name: visitor.name }), text: passText(visitor, t) };
    const file = qrImageFile(visitor);
    if (file && navigator.canShare?.({ files: [file] })) data.files = [file];
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof Error && error.name !== 'AbortError') setProblem(error.message);
    }
  };

  return (
    <Card title={t.title} description={t.description} className="print-area">
      <div className="flex flex-col items-center gap-4">
        {/* On paper the pass says whose it is and when (usable-by-everyone issue, item 11). */}
        <dl className="hidden w-full text-center print:block">
          <dt className="sr-only">{t.visitor}</dt>
          <dd className="text-2xl font-bold text-slate-900">{visitor.name}</dd>
          <dt className="sr-only">{t.visit}</dt>
          <dd className="mt-1 text-lg text-slate-800">
            {formatDate(visitor.visitDate)} · {formatVisitWindow(visitor, timeZone)}
          </dd>
          <dt className="sr-only">{t.house}</dt>
          <dd className="text-lg text-slate-800">{houseLabel(visitor.houseId)}</dd>
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
          <p className="mt-1 font-mono text-4xl font-bold tracking-widest text-slate-900">
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
        <div className="grid w-full grid-cols-2 gap-2 print:hidden">
          <Button
            variant="secondary"
            onClick={() => downloadQrImage(visitor)}
            icon={<Download aria-hidden="true" className="size-4" />}
          >
            {t.download}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void share()}
            icon={<Share2 aria-hidden="true" className="size-4" />}
          >
            {t.share}
          </Button>
          <Button
            variant="secondary"
            onClick={() => window.print()}
            icon={<Printer aria-hidden="true" className="size-4" />}
          >
            {t.print}
          </Button>
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
        </div>
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
