export * from './entities';
export * from './orm';
export { lockDataDir, DEFAULT_LOCK_TIMING, type DataDirLockTiming } from './data-dir-lock';
export { NO_FIRST_MEMBERSHIP_SQL } from './sql/memberships';
