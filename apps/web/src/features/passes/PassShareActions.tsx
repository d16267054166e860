/**
 * Share, Download and Print of a pass (an invitation's or a recurring pass's), all three
 * with the same card (pass-card.ts): Share sends the card and a short text with the code
 * (the text alone where files cannot be shared; copied, with `Copied` beside Share, where
 * nothing can be shared); Download saves the card as a PNG; Print prints the card alone on
 * a page. Where the browser cannot draw the card, Download saves the QR image and Print
 * prints the page's `.print-area` (the pass's facts and QR). Also the notice a pass's page shows once after its creation,
 * in the page rather than over it, so that it never covers the code.
 */
import { COPIED_CONFIRMATION_MS } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { Check, CheckCircle2, Download, Printer, Share2, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { Button } from '../../components/Button';
import { i18n, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { downloadBlob, downloadUrl, renderPassCard, sharePass, type PassCardContent } from './pass-card';

const messages = i18n('PassShareActions', {
  actions: 'Share the pass',
  share: 'Share',
  download: 'Download',
  print: 'Print',
  copied: 'Copied',
  shareFailed: 'Could not share or copy the pass. Use Download, then send the picture.',
  dismiss: 'Dismiss notice',
});

/** The community's name (the settings the web app reads): null until read, '' when it cannot be. */
export function useCommunityName(): string | null {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.visitors.settings.queryOptions(), staleTime: Infinity });
  if (settings.data) return settings.data.communityName ?? '';
  return settings.isError ? '' : null;
}

/** The card of a pass as a PNG (and its object URL, for printing), drawn again when its content changes. */
function usePassCardImage(content: PassCardContent | null) {
  const key = content ? JSON.stringify(content) : '';
  const [image, setImage] = useState<{ key: string; blob: Blob; url: string } | null>(null);
  const pending = useRef<Promise<Blob | null>>(Promise.resolve(null));
  useEffect(() => {
    if (!content) return;
    let url: string | null = null;
    let cancelled = false;
    const drawing = renderPassCard(content).then(
      (blob) => {
        if (cancelled) return blob;
        url = URL.createObjectURL(blob);
        setImage({ key, blob, url });
        return blob;
      },
      // No canvas here (or it failed): the plain QR image stands in.
      () => null,
    );
    pending.current = drawing;
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // `key` stands for the content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = image?.key === key ? image : null;
  return { image: current, pending };
}

interface PassShareActionsProps {
  /** What the card says; null until it is known (the buttons wait). */
  card: PassCardContent | null;
  /** The share's title and short text (with the code). */
  share: { title: string; text: string };
  /** The download's file name (`pass-<name>-<date>.png`). */
  fileName: string;
  /** Without a canvas: the QR image Download saves instead, and its file name. */
  fallbackImage: { url: string; fileName: string };
  /** Further buttons after Download and Print (an invitation's Copy Token). */
  children?: ReactNode;
}

/** The three buttons, the `Copied` note beside Share, and the card laid out for paper. */
export function PassShareActions({ card, share, fileName, fallbackImage, children }: PassShareActionsProps) {
  const t = useMessages(messages);
  const { image, pending } = usePassCardImage(card);
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const file = useMemo(() => (image ? new File([image.blob], fileName, { type: 'image/png' }) : null), [image, fileName]);

  const onShare = async () => {
    setProblem(null);
    try {
      // Usually drawn already; a share needs the tap's activation, so no waiting when it is.
      const shared = file ?? (await pending.current.then((blob) => (blob ? new File([blob], fileName, { type: 'image/png' }) : null)));
      const outcome = await sharePass({ file: shared, title: share.title, text: share.text });
      if (outcome === 'copied') {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
      }
    } catch {
      setProblem(t.shareFailed);
    }
  };

  const onDownload = async () => {
    const blob = image?.blob ?? (await pending.current);
    if (blob) downloadBlob(blob, fileName);
    else downloadUrl(fallbackImage.url, fallbackImage.fileName);
  };

  return (
    <div className="flex w-full flex-col gap-2 print:hidden" role="group" aria-label={t.actions}>
      <div className="flex items-center gap-3">
        <Button className="flex-1" onClick={() => void onShare()} icon={<Share2 aria-hidden="true" className="size-4" />}>
          {t.share}
        </Button>
        {/* Beside Share: the pass went to the clipboard instead of a share sheet. */}
        <span role="status" className="flex min-w-20 items-center gap-1 text-sm font-semibold text-emerald-700 empty:min-w-0">
          {copied && (
            <>
              <Check aria-hidden="true" className="size-4" />
              {t.copied}
            </>
          )}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void onDownload()} icon={<Download aria-hidden="true" className="size-4" />}>
          {t.download}
        </Button>
        <Button variant="secondary" onClick={() => window.print()} icon={<Printer aria-hidden="true" className="size-4" />}>
          {t.print}
        </Button>
      </div>
      {children}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {/* On paper: the card alone (the rest of the page is not printed, see index.css). */}
      {image &&
        createPortal(
          <div className="pass-print" data-testid="pass-print" aria-hidden="true">
            <img src={image.url} alt="" />
          </div>,
          document.body,
        )}
    </div>
  );
}

/** The state a page is opened with after creating its pass: the notice to show once. */
export interface PassCreatedState {
  passCreated?: string;
}

/**
 * The success notice after a pass was created, in the page's flow at the top of the pass
 * (never over it), until dismissed; read from the history state the create form navigated
 * with, and removed from it so that a reload does not show it again. It takes focus (so it
 * is read out, instead of the page's heading) and brings the pass to the top of the screen:
 * the code and Share are what the resident needs next.
 */
export function PassCreatedNotice() {
  const t = useMessages(messages);
  const notice = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<string | null>(() => {
    const state = window.history.state as PassCreatedState | null;
    return typeof state?.passCreated === 'string' ? state.passCreated : null;
  });
  useEffect(() => {
    const state = window.history.state as (PassCreatedState & Record<string, unknown>) | null;
    if (state && 'passCreated' in state) {
      const { passCreated: _shown, ...rest } = state;
      window.history.replaceState(rest, '');
    }
    notice.current?.scrollIntoView?.({ block: 'start' });
    notice.current?.focus({ preventScroll: true });
  }, []);
  if (!message) return null;
  return (
    <div
      ref={notice}
      tabIndex={-1}
      role="status"
      className="mb-4 flex w-full scroll-mt-24 items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 focus:outline-none print:hidden"
    >
      <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
      <p className="min-w-0 flex-1 text-sm font-semibold break-words">{message}</p>
      <button
        type="button"
        onClick={() => setMessage(null)}
        className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5"
        aria-label={t.dismiss}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
