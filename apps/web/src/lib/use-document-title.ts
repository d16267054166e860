import { useEffect } from 'react';

/** Sets the browser tab title to `<page> · Gatehouse`. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · Gatehouse`;
  }, [page]);
}
