/**
 * Visitors' photos (docs/gate.md#walk-ins): taken with the tablet's camera, shrunk on the device to
 * about 640 px wide as a JPEG of at most 200 KB, sent to `PUT /api/visitors/{id}/photo`,
 * and shown from `GET …/photo` (an `<img>` cannot send the bearer header: the bytes are
 * fetched and shown from a `blob:` URL).
 */
import { PHOTO_MAX_BYTES, PHOTO_MESSAGE } from '@gatehouse/shared';
import { useEffect, useState } from 'react';

import { AppError, DEFAULT_ERROR_MESSAGE } from './errors';
import { authHeaders } from './session-storage';

/** The width a photo is shrunk to (px). */
export const PHOTO_WIDTH = 640;

/**
 * `file` (any image the browser can decode) as a JPEG at most 640 px wide and at most
 * 200 KB: the quality steps down from 0.8 until it fits. Errors: AppError 400 with the
 * photo message when the image cannot be read or will not fit.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new AppError(PHOTO_MESSAGE, 400);
  }
  const scale = Math.min(1, PHOTO_WIDTH / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.8, 0.7, 0.6, 0.5, 0.4]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= PHOTO_MAX_BYTES) return blob;
  }
  throw new AppError(PHOTO_MESSAGE, 400);
}

/** Sends `jpeg` as the photo of visitor `visitorId`. Errors: AppError with the server's message and status. */
export async function uploadPhoto(visitorId: string, jpeg: Blob): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/visitors/${encodeURIComponent(visitorId)}/photo`, {
      method: 'PUT',
      headers: { ...authHeaders(), 'Content-Type': 'image/jpeg' },
      body: jpeg,
    });
  } catch {
    throw new AppError('Network error', 0);
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  throw new AppError(body?.error ?? DEFAULT_ERROR_MESSAGE, response.status);
}

/**
 * A `blob:` URL of visitor `visitorId`'s photo while `enabled` (the visitor has one), or
 * null (none, loading, or failed); `version` refetches (e.g. after a live update).
 */
export function useVisitorPhoto(visitorId: string, enabled: boolean, version?: unknown): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    const controller = new AbortController();
    fetch(`/api/visitors/${encodeURIComponent(visitorId)}/photo`, { headers: authHeaders(), signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [visitorId, enabled, version]);
  return url;
}
