/**
 * IndexedDB for the files that test the gate's offline store (jsdom has none):
 * fake-indexeddb's, installed for the calling file only. The files of a worker share one
 * global scope (vitest.config.ts, `isolate: false`), and a database left installed would
 * change the next file's screens: a guard's screen would keep and sync a gate pack there.
 */
import * as fake from 'fake-indexeddb';
import { afterAll } from 'vitest';

import { resetGateStore } from '../src/lib/gate-store';

const GLOBALS = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const;

/**
 * Installs an empty IndexedDB (a new factory: no database of an earlier file) as the
 * browser's globals, until the calling file's tests end. Call it at the top of the file.
 */
export function installFakeIndexedDB(): void {
  const define = (name: string, value: unknown) =>
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
  define('indexedDB', new fake.IDBFactory());
  for (const name of GLOBALS) define(name, fake[name]);
  // The store's handle belongs to the factory it was opened from.
  resetGateStore();
  afterAll(() => {
    for (const name of ['indexedDB', ...GLOBALS]) Reflect.deleteProperty(globalThis, name);
    resetGateStore();
  });
}
