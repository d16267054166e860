export * from './entities';
export * from './orm';
export { lockDataDir, DEFAULT_LOCK_TIMING, type DataDirLockTiming } from './data-dir-lock';
