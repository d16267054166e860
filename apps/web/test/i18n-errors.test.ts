/**
 * Errors in every language (docs/product.md#languages): the Spanish and Hindi
 * catalogs translate every stable error code (docs/api.md#error-codes), every fixed text the
 * server answers with, every message the shared zod schemas can give, and every refusal
 * whose text names values (the shared `ZRefusalDetails`: each reason and move, with the
 * statuses and roles it names); `translateServerError` words a refusal from its details
 * (dates, times, weekdays and numbers in the language), then picks the text by server
 * words, then by code, then keeps the server's words; `toAppError` and `refusalOf` read
 * the code and details of a tRPC error and of a REST one.
 */
import * as shared from '@gatehouse/shared';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';

import { AppError, DEFAULT_ERROR_MESSAGE, refusalOf, toAppError, UNREACHABLE_MESSAGE } from '../src/lib/errors';
import { TIMED_OUT_MESSAGE } from '../src/lib/failures';
import { chooseLanguage, refusalSentence, translateServerError, translateValidation } from '../src/lib/i18n';
import es from '../src/locales/es/errors';
import hi from '../src/locales/hi/errors';


// Source texts, read as strings (nothing of the server is run).
const rawSources = (files: Record<string, string>) =>
  Object.entries(files).filter(([path]) => !/\.(test|spec)\.ts$/.test(path));
const schemaSources = rawSources(
  import.meta.glob<string>('../../../packages/shared/src/schemas/*.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const apiSources = rawSources(
  import.meta.glob<string>('../../../packages/api/src/**/*.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);
const serverSources = rawSources(
  import.meta.glob<string>('../../../apps/server/src/**/*.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/** Source without comments (a `httpError('…')` in a doc comment is not an answer). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function matchesOf(sources: Array<[string, string]>, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [, source] of sources) {
    for (const match of code(source).matchAll(pattern))
      found.push(...match.slice(1).filter((group) => group !== undefined));
  }
  return found;
}

/** `'…'` literals of a piece of code. */
const literalsIn = (text: string) => [...text.matchAll(/'([^'\n]+)'/g)].map((match) => match[1]!);

/** `NAME = '…'` constants of the API and the shared package, to resolve `httpError(409, NAME)`. */
const CONSTANTS = new Map(
  matchesOf([...apiSources, ...schemaSources], /\b([A-Z][A-Z0-9_]*)\s*=\s*'([^'\n]+)'/g).reduce<
    Array<[string, string]>
  >(
    (pairs, value, index, all) => (index % 2 === 0 ? [...pairs, [value, all[index + 1]!]] : pairs),
    [],
  ),
);

/** Every literal message the schema sources pass to zod (or to the helpers that build fields). */
function schemaLiteralMessages(): string[] {
  const patterns = [
    // .min(1, '…'), .max(64, '…'), .regex(P, '…'), .int('…')
    /\.(?:min|max|regex|int)\((?:[^,()'\n]+,\s*)?'([^'\n]+)'\)/g,
    // .refine(fn, '…') on one line
    /\.refine\([^\n]*,\s*'([^'\n]+)'\)/g,
    // { error: '…' }, { message: '…' }
    /\b(?:error|message):\s*'([^'\n]+)'/g,
    // idField('…'), uuidField('…'), timeField('…', label)
    /\b(?:idField|uuidField|timeField)\('([^'\n]+)'/g,
    // requiredText(label, max, '…')
    /\brequiredText\('[^'\n]+',\s*[^,\n]+,\s*'([^'\n]+)'\)/g,
    // error: (issue) => (… ? '…' : '…')
    /=>[^\n]*\?\s*'([^'\n]+)'\s*:\s*'([^'\n]+)'/g,
    // export const PHOTO_MESSAGE = '…'
    /\b[A-Z_]+_MESSAGE\s*=\s*'([^'\n]+)'/g,
  ];
  return [...new Set(patterns.flatMap((pattern) => matchesOf(schemaSources, pattern)))].sort();
}

/**
 * Every message the exported schemas can give, read from zod's definitions: each schema's
 * and each check's `error` (messages built by `tooLongMessage`, `unstorableMessage`, …
 * included, as evaluated for each call).
 */
function schemaMessages(): string[] {
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  const issues = [{ input: undefined }, { input: 'x' }, { input: null }];
  const addError = (error: unknown) => {
    if (typeof error !== 'function') return;
    for (const issue of issues) {
      const result: unknown = (error as (issue: unknown) => unknown)(issue);
      const message =
        typeof result === 'string'
          ? result
          : (result as { message?: unknown } | undefined)?.message;
      if (typeof message === 'string') messages.add(message);
    }
  };
  type Def = Record<string, unknown> & { checks?: Array<{ _zod?: { def?: { error?: unknown } } }> };
  const walk = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Def } })._zod?.def;
    if (!def) return;
    addError(def.error);
    for (const check of def.checks ?? []) addError(check._zod?.def?.error);
    for (const key of [
      'innerType',
      'in',
      'out',
      'element',
      'left',
      'right',
      'keyType',
      'valueType',
    ])
      walk(def[key]);
    for (const value of Object.values((def.shape as Record<string, unknown> | undefined) ?? {}))
      walk(value);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
  };
  for (const value of Object.values(shared)) walk(value);
  for (const value of Object.values(shared.paginationFields)) walk(value);
  return [...messages].sort();
}

/** Every fixed text of `httpError(status, '…')` (and `httpError(status, NAME)`) in packages/api/src. */
function httpErrorTexts(): string[] {
  const texts: string[] = [];
  for (const [, source] of apiSources) {
    // From `httpError(NNN,` to the end of the statement, without the extras `{ code: '…' }`:
    // the text literal, or both branches of `cond ? '…' : '…'`.
    for (const match of code(source).matchAll(/\bhttpError\(\s*\d{3},([^;]*)/g)) {
      let message = match[1]!;
      for (let previous = ''; previous !== message;)
        [previous, message] = [message, message.replace(/\{[^{}]*\}/g, '')];
      texts.push(
        ...[...message.matchAll(/(?:^\s*|[?:]\s*)'([^'\n]+)'/g)].map((literal) => literal[1]!),
      );
      const constant = /^\s*([A-Z][A-Z0-9_]*)\s*[,)]/.exec(message)?.[1];
      // A constant built with values (a template) is a refusal worded from its details
      // (`refusal: {reason, …}`), checked with the refusals below.
      if (constant && !CONSTANTS.has(constant) && /\brefusal:/.test(match[1]!)) continue;
      if (constant) texts.push(CONSTANTS.get(constant) ?? `unresolved constant ${constant}`);
    }
  }
  return [...new Set(texts)].sort();
}

/**
 * `Only ${roles} can do this` (trpc.ts `roleProcedure`) for each role list of the access
 * matrix (packages/api/src/access.ts): `Only guards and admins can do this`.
 */
function roleRefusalTexts(): string[] {
  const access = apiSources.find(([path]) => path.endsWith('/access.ts'))?.[1] ?? '';
  const lists = [
    ...code(access).matchAll(
      /\[\s*('(?:resident|guard|admin)'(?:\s*,\s*'(?:resident|guard|admin)')*)\s*\]/g,
    ),
  ];
  return [
    ...new Set(
      lists.map((list) => {
        const plural = literalsIn(list[1]!).map((role) => `${role}s`);
        const roles =
          plural.length > 1 ? `${plural.slice(0, -1).join(', ')} and ${plural.at(-1)}` : plural[0];
        return `Only ${roles} can do this`;
      }),
    ),
  ].sort();
}

/** The other fixed texts the server answers with: field rules, the HTTP layer's own refusals. */
function otherServerTexts(): string[] {
  const texts = [
    // validationError(path, '…') and validationError(path, NAME)
    ...matchesOf(apiSources, /\bvalidationError\(\s*'[^'\n]+',\s*'([^'\n]+)'\)/g),
    ...matchesOf(
      [...apiSources, ...serverSources],
      /\bvalidationError\(\s*'[^'\n]+',\s*([A-Z][A-Z0-9_]*)\)/g,
    ).map((name) => CONSTANTS.get(name) ?? `unresolved constant ${name}`),
    // describeError's texts: described(status, '…'), `?? 'Invalid input'`, *_MESSAGE constants
    ...matchesOf(apiSources, /\bdescribed\(\s*\d{3},\s*'([^'\n]+)'\)/g),
    ...matchesOf(apiSources, /\?\?\s*'([^'\n]+)'/g).filter((text) => /^[A-Z][a-z]/.test(text)),
    ...matchesOf(apiSources, /\b[A-Z_]+_MESSAGE\s*=\s*'([^'\n]+)'/g),
    // apps/server: refuse(reply, status, '…' or cond ? '…' : '…')
    ...matchesOf(serverSources, /\brefuse\(([^;]*)\)/g).flatMap(literalsIn),
  ];
  return [...new Set(texts)].sort();
}

/** The web app's own failure texts (lib/errors.ts, lib/failures.ts, lib/trpc.ts). */
const WEB_TEXTS = [
  DEFAULT_ERROR_MESSAGE,
  'Request timeout',
  'Network error',
  UNREACHABLE_MESSAGE,
  TIMED_OUT_MESSAGE,
];

type Sections = {
  errorCodes: Record<string, string>;
  refusals: Record<string, string>;
  refusalWords: Record<string, string>;
  serverTexts: Record<string, string>;
  validation: Record<string, string>;
};

type Shape = Record<string, { options?: readonly string[]; _zod?: unknown }>;

/**
 * Every sentence a refusal's details can ask for, read from the shared schema: its key
 * (`reason`, or `reason.move` for each move), the placeholders it must have (its values
 * but `reason` and `move`), and the words of the statuses and roles it may name.
 */
function refusalSentences(): Array<{ key: string; placeholders: string[]; statuses: string[] }> {
  return shared.ZRefusalDetails.options.flatMap((option) => {
    const shape = option.shape as unknown as Shape;
    const reason = option.shape.reason.value;
    const placeholders = Object.keys(shape)
      .filter((name) => name !== 'reason' && name !== 'move')
      .map((name) => `{${name}}`)
      .sort();
    const statuses = shape.status?.options ? [...shape.status.options] : [];
    const moves = shape.move?.options;
    return (moves ? moves.map((move) => `${reason}.${move}`) : [reason]).map((key) => ({ key, placeholders, statuses }));
  });
}

/** The group of `refusalWords` a reason's statuses are in (lib/i18n.ts `STATUS_WORDS`). */
const STATUS_GROUP: Record<string, string> = {
  'visitor-status': 'visitor',
  'photo-status': 'visitor',
  'pass-status': 'pass',
  'payment-status': 'payment',
  'review-status': 'review',
};

/** One example of every refusal's details, as the server sends them. */
const EXAMPLES: shared.RefusalDetails[] = [
  { reason: 'visitor-status', move: 'check-in', status: 'checked-out' },
  { reason: 'visit-window', date: '2026-11-23', from: '09:00', to: '17:00' },
  { reason: 'pass-status', move: 'pause', status: 'cancelled' },
  { reason: 'pass-window', weekdays: ['mon', 'wed', 'fri'], from: '08:30', to: '16:45', startDate: '2026-11-22', endDate: '2027-05-31' },
  { reason: 'payment-status', move: 'complete', status: 'failed' },
  { reason: 'review-status', move: 'dismiss', status: 'recorded' },
  { reason: 'photo-status', status: 'checked-in' },
  { reason: 'failed-scans', seconds: 540 },
  { reason: 'too-many-attempts', seconds: 42 },
  { reason: 'too-many-requests', seconds: 30 },
  { reason: 'plate-taken', plate: 'XYZ 789' },
  { reason: 'house-taken', houseNumber: '101', block: 'A' },
  { reason: 'role', roles: ['guard', 'admin'] },
  { reason: 'check-in-before-invitation', date: '2026-11-22', time: '09:00' },
  { reason: 'check-in-before-approval', date: '2026-11-22', time: '09:05' },
  { reason: 'check-in-before-pass', date: '2026-11-20', time: '18:30' },
];

const missing = (texts: string[], section: Record<string, string>) =>
  texts.filter((text) => typeof section[text] !== 'string' || section[text].trim() === '');

describe('the texts the checks are made against', () => {
  it('are real, long lists read from the sources', () => {
    // Guards the checks below from passing over an empty or truncated extraction.
    expect(schemaLiteralMessages().length).toBeGreaterThan(50);
    expect(schemaLiteralMessages()).toEqual(
      expect.arrayContaining([
        'Passwords do not match',
        'End time must be after start time',
        'Please select a house',
      ]),
    );
    expect(schemaMessages().length).toBeGreaterThan(80);
    expect(schemaMessages()).toEqual(
      expect.arrayContaining([
        'Street must be at most 200 characters',
        'Reason contains characters that cannot be stored',
      ]),
    );
    expect(httpErrorTexts().length).toBeGreaterThan(20);
    expect(httpErrorTexts()).toEqual(
      expect.arrayContaining([
        'Visitor not found',
        'The community must keep at least one active admin',
      ]),
    );
    expect(httpErrorTexts().filter((text) => text.startsWith('unresolved'))).toEqual([]);
    expect(roleRefusalTexts()).toEqual(
      expect.arrayContaining(['Only admins can do this', 'Only guards and admins can do this']),
    );
    expect(otherServerTexts()).toEqual(
      expect.arrayContaining([
        'Malformed JSON in request body',
        'Request body too large',
        'Invalid input',
      ]),
    );
  });
});

describe.each([
  ['Spanish', es as Sections],
  ['Hindi', hi as Sections],
])('the %s error texts', (_name, catalog: Sections) => {
  it('translate every error code', () => {
    // The list itself is pinned to docs/api.md#error-codes by packages/shared/test/errors.test.ts.
    expect(shared.ERROR_CODES.length).toBeGreaterThan(15);
    expect(missing([...shared.ERROR_CODES], catalog.errorCodes)).toEqual([]);
  });

  it('translate every literal message of the shared schemas', () => {
    expect(missing(schemaLiteralMessages(), catalog.validation)).toEqual([]);
  });

  it('translate every message the shared schemas give, built ones included', () => {
    expect(missing(schemaMessages(), catalog.validation)).toEqual([]);
  });

  it('translate every fixed text of httpError in the API', () => {
    expect(missing([...httpErrorTexts(), ...roleRefusalTexts()], catalog.serverTexts)).toEqual([]);
  });

  it("translate the server's other fixed texts and the web app's failure texts", () => {
    expect(missing([...otherServerTexts(), ...WEB_TEXTS], catalog.serverTexts)).toEqual([]);
  });

  it('word every refusal whose text names values, with exactly its values, and every status and role it names', () => {
    const sentences = refusalSentences();
    expect(sentences.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const { key, placeholders, statuses } of sentences) {
      const sentence = catalog.refusals[key];
      if (typeof sentence !== 'string' || sentence.trim() === '') {
        problems.push(`refusals["${key}"] is missing`);
        continue;
      }
      const found = [...new Set(sentence.match(/\{\w+\}/g) ?? [])].sort();
      if (found.join() !== placeholders.join()) problems.push(`refusals["${key}"]: ${found.join()} ≠ ${placeholders.join()}`);
      const group = STATUS_GROUP[key.split('.')[0]!];
      for (const status of statuses) {
        if (!group || !catalog.refusalWords[`${group}.${status}`]?.trim()) problems.push(`refusalWords["${group}.${status}"] is missing`);
      }
    }
    for (const role of shared.ROLES) if (!catalog.refusalWords[`role.${role}`]?.trim()) problems.push(`refusalWords["role.${role}"] is missing`);
    const keys = new Set(sentences.map((sentence) => sentence.key));
    for (const key of Object.keys(catalog.refusals)) if (!keys.has(key)) problems.push(`refusals["${key}"] is no refusal (stale?)`);
    expect(problems).toEqual([]);
    // Every reason has an example below.
    expect(EXAMPLES.map((example) => example.reason).sort()).toEqual([...shared.REFUSAL_REASONS].sort());
  });

  it('keep no placeholders or English copies', () => {
    const problems: string[] = [];
    for (const [section, texts] of Object.entries({
      errorCodes: catalog.errorCodes,
      serverTexts: catalog.serverTexts,
      validation: catalog.validation,
    })) {
      for (const [key, text] of Object.entries(texts)) {
        if (text === key) problems.push(`${section}["${key}"] is the English text`);
        if (/\{\w+\}/.test(text)) problems.push(`${section}["${key}"] has a placeholder`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('translateServerError', () => {
  afterEach(async () => {
    await chooseLanguage('en', { remember: false });
  });

  it('in Spanish: by the server text, else by the code, else the server text', async () => {
    await chooseLanguage('es', { remember: false });
    expect(translateServerError('NOT_FOUND', 'Some unknown text')).toBe(es.errorCodes.NOT_FOUND);
    expect(translateServerError(undefined, 'Visitor not found')).toBe(
      es.serverTexts['Visitor not found'],
    );
    expect(translateServerError('NOT_FOUND', 'Visitor not found')).toBe(
      'No se encontró al visitante',
    );
    expect(translateServerError('SOMETHING_NEW', 'Some unknown text')).toBe('Some unknown text');
    expect(translateServerError(undefined, 'Some unknown text')).toBe('Some unknown text');
    // A text built with values falls back to its code's sentence.
    expect(
      translateServerError('INVALID_TRANSITION', 'Visitor cannot be checked in: status is pending'),
    ).toBe(es.errorCodes.INVALID_TRANSITION);
    expect(translateValidation('Passwords do not match')).toBe('Las contraseñas no coinciden');
  });

  it('in Hindi: the Hindi texts', async () => {
    await chooseLanguage('hi', { remember: false });
    expect(translateServerError('NOT_FOUND', 'Some unknown text')).toBe(hi.errorCodes.NOT_FOUND);
    expect(translateServerError(undefined, 'Visitor not found')).toBe(
      hi.serverTexts['Visitor not found'],
    );
    expect(translateValidation('Email is required')).toBe(hi.validation['Email is required']);
  });

  it("in English: the server's words unchanged", async () => {
    await chooseLanguage('en', { remember: false });
    expect(translateServerError('NOT_FOUND', 'Some unknown text')).toBe('Some unknown text');
    expect(translateServerError(undefined, 'Visitor not found')).toBe('Visitor not found');
    expect(translateValidation('Passwords do not match')).toBe('Passwords do not match');
  });
});

describe('a refusal worded from its details', () => {
  afterEach(async () => {
    await chooseLanguage('en', { remember: false });
  });

  /** The server's English text of an example (what `error` says beside the details). */
  const EARLY = 'This invitation is valid on Nov 23, 2026 from 9:00 AM to 5:00 PM';
  const early = EXAMPLES[1]!;

  it.each([
    ['es', es as Sections],
    ['hi', hi as Sections],
  ] as const)('in %s: every refusal, its values in the language, no English and no ISO date', async (language, catalog) => {
    await chooseLanguage(language, { remember: false });
    for (const details of EXAMPLES) {
      const sentence = refusalSentence(details);
      expect(sentence, details.reason).toBeDefined();
      expect(sentence, details.reason).not.toMatch(/\{\w+\}|\d{4}-\d{2}-\d{2}|\b0\d:\d\d|status is|checked-out|checked-in|\b(AM|PM)\b|Mon|Wed|Fri/);
      expect(translateServerError('INVALID_TRANSITION', 'Some English words', details)).toBe(sentence);
    }
    // The values the sentences must carry, worded as the language writes them.
    const date = (day: number, month: number, year: number) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(year, month - 1, day));
    const time = (hours: number, minutes: number) => new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(2000, 0, 1, hours, minutes));
    const tooEarly = refusalSentence(early)!;
    expect(tooEarly).toBe(catalog.refusals['visit-window']!.replace('{date}', date(23, 11, 2026)).replace('{from}', time(9, 0)).replace('{to}', time(17, 0)));
    const passWindow = refusalSentence(EXAMPLES[3]!)!;
    for (const value of [date(22, 11, 2026), date(31, 5, 2027), time(8, 30), time(16, 45)]) expect(passWindow).toContain(value);
    expect(refusalSentence({ reason: 'failed-scans', seconds: 540 })).toContain('540');
    expect(refusalSentence({ reason: 'house-taken', houseNumber: '101', block: 'A' })).toMatch(/101.*A|A.*101/);
    // A role refusal reads as the catalog's own translation of the fixed text.
    expect(refusalSentence(EXAMPLES[12]!)).toBe(catalog.serverTexts['Only guards and admins can do this']);
    expect(refusalSentence({ reason: 'role', roles: ['admin'] })).toBe(catalog.serverTexts['Only admins can do this']);
  });

  it('in Spanish and Hindi: the too-early check-in keeps its date and times', async () => {
    await chooseLanguage('es', { remember: false });
    expect(translateServerError('INVALID_TRANSITION', EARLY, early)).toBe('Esta invitación es válida el 23 nov 2026 de 9:00 a 17:00');
    expect(refusalSentence(EXAMPLES[0]!)).toBe('No se puede registrar la entrada del visitante: su estado es salida registrada');
    expect(refusalSentence(EXAMPLES[3]!)).toBe('Este pase es válido los lun, mié y vie de 8:30 a 16:45, del 22 nov 2026 al 31 may 2027');
    await chooseLanguage('hi', { remember: false });
    expect(translateServerError('INVALID_TRANSITION', EARLY, early)).toBe('यह निमंत्रण 23 नव॰ 2026 को 9:00 am से 5:00 pm तक मान्य है');
    expect(refusalSentence(EXAMPLES[0]!)).toBe('विज़िटर का चेक इन नहीं हो सकता: स्थिति चेक आउट हुआ है');
  });

  it('in English: the server’s words; details that are no refusal’s: the other rules', async () => {
    expect(refusalSentence(early)).toBeUndefined();
    expect(translateServerError('INVALID_TRANSITION', EARLY, early)).toBe(EARLY);
    await chooseLanguage('es', { remember: false });
    // Validation details (an array), an unknown reason, none: by the text, then by the code.
    expect(translateServerError('VALIDATION_FAILED', 'Visitor not found', [{ path: 'id', message: 'Visitor not found' }])).toBe(es.serverTexts['Visitor not found']);
    expect(translateServerError('INVALID_TRANSITION', 'Some new refusal', { reason: 'something-new', x: 1 })).toBe(es.errorCodes.INVALID_TRANSITION);
    expect(translateServerError('INVALID_TRANSITION', 'Some new refusal', null)).toBe(es.errorCodes.INVALID_TRANSITION);
  });

  it('reads the code and details of a tRPC error and of a REST one (toAppError, refusalOf)', async () => {
    const trpc = TRPCClientError.from({
      error: { message: EARLY, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, errorCode: 'INVALID_TRANSITION', details: early } },
    });
    expect(refusalOf(trpc)).toEqual({ code: 'INVALID_TRANSITION', details: early });
    expect(toAppError(trpc)).toEqual({ message: EARLY, status: 409 });
    await chooseLanguage('hi', { remember: false });
    expect(toAppError(trpc)).toEqual({ message: 'यह निमंत्रण 23 नव॰ 2026 को 9:00 am से 5:00 pm तक मान्य है', status: 409 });

    // A REST call's error that carries the envelope's code and details, and the envelope itself.
    class RestError extends AppError {
      constructor(
        message: string,
        status: number,
        readonly code: string,
        readonly details: unknown,
      ) {
        super(message, status);
      }
    }
    const rest = new RestError(EARLY, 409, 'INVALID_TRANSITION', early);
    expect(refusalOf(rest)).toEqual({ code: 'INVALID_TRANSITION', details: early });
    expect(toAppError(rest).message).toBe('यह निमंत्रण 23 नव॰ 2026 को 9:00 am से 5:00 pm तक मान्य है');
    const envelope = { success: false, data: null, error: EARLY, code: 'INVALID_TRANSITION', details: early };
    expect(refusalOf(envelope)).toEqual({ code: 'INVALID_TRANSITION', details: early });
    // Nothing from the server: nothing to name.
    expect(refusalOf(new AppError('Network error', 0))).toEqual({ code: null, details: null });
    expect(refusalOf(new TypeError('Failed to fetch'))).toEqual({ code: null, details: null });
  });
});
