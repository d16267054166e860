import { useEffect, useState } from 'react';

/**
 * `value`, updated only once it has stopped changing for `delayMs`
 * (docs/product.md#constants-and-formats: search 300 ms).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
