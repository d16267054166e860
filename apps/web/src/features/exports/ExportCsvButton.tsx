/**
 * Export CSV (docs/operations.md#reports-exports-and-inside-now): downloads one of the server's CSV
 * exports with the screen's
 * current filters. A link cannot send the bearer header, so the file is fetched with it,
 * kept as a blob and saved through a `blob:` URL and the `download` attribute; the button
 * is busy meanwhile, and a refusal shows the server's words under it.
 */
import { Download } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '../../components/Button';
import { AppError, DEFAULT_ERROR_MESSAGE } from '../../lib/errors';
import { failureText } from '../../lib/failures';
import { i18n, useMessages } from '../../lib/i18n';
import { authHeaders, expireStoredSession } from '../../lib/session-storage';

const messages = i18n('ExportCsvButton', {
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
});

/** The query string of `filters`, leaving out what is not set. */
export function exportUrl(path: string, filters: Record<string, string | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Fetches `url` with the session's token and saves the answer as a file. Errors: AppError
 * with the server's message and status (0 when the server cannot be reached); a 401 ends
 * the session, as every other call does.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders() });
  } catch {
    throw new AppError('Network error', 0);
  }
  if (!response.ok) {
    if (response.status === 401) expireStoredSession();
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new AppError(body?.error ?? DEFAULT_ERROR_MESSAGE, response.status);
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/**
 * The Export CSV button of a list: `path` is the export (`/api/visitors/export.csv`),
 * `filters` the screen's current ones (empty ones are left out); `description`, what the
 * file will hold (e.g. its dates), shown under the button and read with it.
 */
export function ExportCsvButton({
  path,
  filters,
  fallbackName,
  description,
}: {
  path: string;
  filters: Record<string, string | undefined | null>;
  fallbackName: string;
  description?: string;
}) {
  const t = useMessages(messages);
  const descriptionId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadCsv(exportUrl(path, filters), fallbackName);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="relative flex flex-col items-start gap-1 sm:items-end">
      <Button
        variant="secondary"
        loading={busy}
        icon={<Download aria-hidden="true" className="size-4" />}
        onClick={() => void run()}
        {...(description ? { 'aria-describedby': descriptionId } : {})}
      >
        {busy ? t.exporting : t.exportCsv}
      </Button>
      {/* Under the button; from a tablet's width on out of the flow, so that the header's buttons stay aligned. */}
      {description && (
        <p id={descriptionId} className="text-xs text-slate-500 sm:absolute sm:top-full sm:right-0 sm:mt-1 sm:whitespace-nowrap">
          {description}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
