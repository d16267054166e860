/**
 * This language's catalog: every file beside this one is part of it (one per feature:
 * texts by component name, then by the English base's keys). Loaded as one chunk when the
 * language is chosen (lib/i18n.ts); `npm test` checks it against the English texts.
 */
import type { Catalog } from '../../lib/i18n';

const parts = import.meta.glob<Catalog>(['./*.ts', '!./index.ts'], { eager: true, import: 'default' });

const catalog = Object.assign({}, ...Object.values(parts)) as Catalog;
export default catalog;
