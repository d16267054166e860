/**
 * React 19 has `useSyncExternalStore`; this module stands in for the
 * `use-sync-external-store/shim` package (wouter still imports it for React 17), so the
 * shim's own copy does not ship on /login (docs/performance.md#the-targets, target 5). Aliased in
 * vite.config.ts.
 */
export { useSyncExternalStore } from 'react';
