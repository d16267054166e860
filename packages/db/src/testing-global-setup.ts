/**
 * vitest global setup of the projects whose tests open databases (db, api, server): the
 * migrations run once per engine and test run, into template databases that each test
 * file copies (see testing.ts). It runs in vitest's main process, before the workers; the
 * templates reach them through `provide`. Several projects in one run share one set of
 * templates, removed when the last of them tears down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { createTestTemplates, TEST_TEMPLATES_KEY, type TestTemplates } from './testing';

interface Shared {
  templates: Promise<{ templates: TestTemplates; remove: () => Promise<void> }>;
  folder: string;
  users: number;
}

// One set per vitest process, whichever project's setup comes first: each project loads
// this file through its own module runner, so the process global is the one place they share.
const KEY = Symbol.for('gatehouse.testTemplates');
const registry = globalThis as typeof globalThis & { [KEY]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = registry[KEY];
  if (!shared) {
    const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-test-templates-'));
    const started = Date.now();
    const templates = createTestTemplates(folder).then((result) => {
      console.log(`Test databases: migrated a template per engine once for this run (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return result;
    });
    shared = registry[KEY] = { templates, folder, users: 0 };
  }
  shared.users += 1;
  const current = shared;
  try {
    project.provide(TEST_TEMPLATES_KEY, (await current.templates).templates);
  } catch (error) {
    await release(current);
    throw error;
  }
  return () => release(current);
}

async function release(shared: Shared): Promise<void> {
  shared.users -= 1;
  if (shared.users > 0) return;
  if (registry[KEY] === shared) delete registry[KEY];
  try {
    await (await shared.templates.catch(() => null))?.remove();
  } finally {
    rmSync(shared.folder, { recursive: true, force: true });
  }
}
