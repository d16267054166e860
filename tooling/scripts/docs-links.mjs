#!/usr/bin/env node
/**
 * The repository's references to its own documentation (docs/development.md#comments-and-references).
 *
 *   node tooling/scripts/docs-links.mjs --check [--docs-only]
 *     Fails (exit 1, one line per problem) when
 *       - a link of README.md or a docs/ page (and any other Markdown file of the repository)
 *         points at a file that does not exist, or at a heading its page does not have;
 *       - a file of the repository (code, comments, Markdown) names `docs/<file>.md#<anchor>`
 *         and that file or heading does not exist;
 *       - a file cites a document outside the repository: a section or a file of the
 *         specifications the project was built from, its style guide, an issue it was built
 *         in, or a bare section number (the patterns: OUTSIDE_CITATIONS below);
 *       - an anchor of the citation map (docs/.citations.json) does not exist.
 *     With --docs-only, only the Markdown links, the `docs/…` references and the map are
 *     checked (not the citations still to be rewritten).
 *
 *   node tooling/scripts/docs-links.mjs --rewrite [--dry-run] [--only=path,…] [--except=path,…]
 *     Rewrites every citation the map knows, in the tracked files, into
 *     `docs/<file>.md#<anchor>` (in Markdown files outside docs/, a relative link; comment
 *     lines made longer than 100 characters are wrapped), then lists what it could not
 *     rewrite. With --dry-run, says what it would change and writes nothing.
 *
 * Anchors are GitHub's: the heading's text in lower case, without punctuation, spaces made
 * hyphens, a repeated heading numbered (`-1`, `-2`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const MAP_FILE = 'docs/.citations.json';
const SELF = 'tooling/scripts/docs-links.mjs';

/** Files whose text is scanned: code, styles, pages, configuration and Markdown. */
const SCANNED = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|html|md|ya?ml|json|sh)$|^\.ci\/run$/;
/** Never scanned: generated or third-party text, and the files that spell the patterns on purpose. */
const SKIPPED = new Set(['package-lock.json', MAP_FILE, SELF]);

// ------------------------------------------------------------------ headings and anchors

/** GitHub's anchor of a heading's text. */
export function githubSlug(text) {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The lines of `markdown` outside fenced code blocks, with their numbers (1-based). */
function proseLines(markdown) {
  const lines = [];
  let fence = null;
  markdown.split('\n').forEach((line, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** The anchors of every heading of `markdown` (the h1 included). */
export function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  for (const { line } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = githubSlug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map();
/** The anchors of the Markdown file at `absolute`, or null when it does not exist. */
function anchorsOfFile(absolute) {
  if (!anchorCache.has(absolute)) {
    anchorCache.set(
      absolute,
      existsSync(absolute) && statSync(absolute).isFile()
        ? anchorsOf(readFileSync(absolute, 'utf8'))
        : null,
    );
  }
  return anchorCache.get(absolute);
}

/**
 * Why the reference `target` (a path, optionally `#anchor`, relative to `fromDir`) does not
 * resolve, or null when it does.
 */
function brokenReference(target, fromDir, ownFile) {
  const [rawPath, anchor] = target.split('#', 2);
  const filePath = rawPath === '' ? ownFile : path.resolve(fromDir, decodeURIComponent(rawPath));
  if (!filePath.startsWith(root)) return `${target}: outside the repository`;
  if (!existsSync(filePath)) return `${target}: no such file`;
  if (anchor === undefined || anchor === '') return null;
  if (!filePath.endsWith('.md')) return null;
  const anchors = anchorsOfFile(filePath);
  if (!anchors?.has(anchor))
    return `${target}: no heading with the anchor #${anchor} in ${path.relative(root, filePath)}`;
  return null;
}

// ------------------------------------------------------------------ what is checked

/** Markdown links `[text](target)` of a page's prose (inline code left out). */
function markdownLinks(markdown) {
  const links = [];
  for (const { line, number } of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\[(?:[^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1], line: number });
    }
  }
  return links;
}

/** `docs/<file>.md#<anchor>` written anywhere in a file (a comment, a string, prose). */
const DOCS_REFERENCE = /(?<![\w./-])docs\/[\w./-]+\.md(?:#[\p{L}\p{N}_-]+)?/gu;

const SPEC_NAMES =
  'product-spec|server-contract|live-gate|offline-gate|operations|performance|integrations|field-ready|tenancy|barrier|hardening';
/** Citations of documents outside the repository; each with what it is. */
const OUTSIDE_CITATIONS = [
  {
    pattern: new RegExp(String.raw`\b(?:${SPEC_NAMES})(?:\.md)?(?:\s|\*|//)*§`, 'g'),
    what: 'a section of a specification outside the repository',
  },
  {
    pattern:
      /(?<![\w/.-])(?:product-spec|server-contract|live-gate|offline-gate|integrations|field-ready|tenancy|barrier|operations|performance)\.md\b/g,
    what: 'a specification file outside the repository',
    notInDocs: true,
  },
  {
    pattern: /\bshared\/spec\b|\.\.\/shared\/|\bSTYLE\.md\b/g,
    what: 'a file outside the repository',
  },
  {
    pattern:
      /\b(?:hardening|usable-by-everyone|usability|performance|integrations|live-gate|offline-gate|operations) issue\b|\bissue "Usable by everyone"|\bhardening, round \w+|\bthe issue's items?\b|\bissues? \d+\b/gi,
    what: 'an issue outside the repository',
  },
  {
    pattern:
      /\b(?:the|product|performance) spec(?:['’]s)?\b(?![.-])|\bthe contract(?:['’]s| says)/gi,
    what: 'a specification outside the repository',
  },
  {
    pattern: /\(items? \d+(?:(?:, | and )\d+)*\)/g,
    what: "an issue's item outside the repository",
  },
  { pattern: /§\s*\d/g, what: 'a numbered section outside the repository' },
];

/** The repository's files: tracked, and (unless `trackedOnly`) new ones not ignored. */
function repositoryFiles({ trackedOnly = false } = {}) {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', ...(trackedOnly ? [] : ['--others', '--exclude-standard']), '-z'],
    { cwd: root, encoding: 'utf8' },
  );
  return [...new Set(out.split('\0').filter(Boolean))].filter((file) =>
    existsSync(path.join(root, file)),
  );
}

/** The citation map: what each old citation now points at. */
function readMap() {
  return JSON.parse(readFileSync(path.join(root, MAP_FILE), 'utf8'));
}

/** Every `docs/…` target the map names (to check that each exists). */
function mapTargets(node, into = []) {
  if (typeof node === 'string') {
    for (const match of node.matchAll(DOCS_REFERENCE)) into.push(match[0]);
  } else if (Array.isArray(node)) {
    for (const item of node) mapTargets(item, into);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node))
      if (!key.startsWith('$')) mapTargets(value, into);
  }
  return into;
}

/** Problems of the repository's references: `{file, line, message}`. */
export function check({ docsOnly = false } = {}) {
  const problems = [];
  for (const file of repositoryFiles()) {
    if (!SCANNED.test(file) || SKIPPED.has(path.basename(file)) || SKIPPED.has(file)) continue;
    const absolute = path.join(root, file);
    const text = readFileSync(absolute, 'utf8');
    const lineOf = (index) => text.slice(0, index).split('\n').length;

    if (file.endsWith('.md')) {
      for (const link of markdownLinks(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue;
        const broken = brokenReference(link.target, path.dirname(absolute), absolute);
        if (broken) problems.push({ file, line: link.line, message: `broken link ${broken}` });
      }
    }
    for (const match of text.matchAll(DOCS_REFERENCE)) {
      const broken = brokenReference(match[0], root, absolute);
      if (broken)
        problems.push({ file, line: lineOf(match.index), message: `broken reference ${broken}` });
    }
    if (docsOnly) continue;
    const inDocs = file.startsWith('docs/');
    for (const { pattern, what, notInDocs } of OUTSIDE_CITATIONS) {
      if (notInDocs && inDocs) continue;
      for (const match of text.matchAll(pattern)) {
        problems.push({
          file,
          line: lineOf(match.index),
          message: `"${match[0].replace(/\s+/g, ' ')}" cites ${what}`,
        });
      }
    }
  }
  const mapPath = path.join(root, MAP_FILE);
  if (existsSync(mapPath)) {
    for (const target of mapTargets(readMap())) {
      const broken = brokenReference(target, root, mapPath);
      if (broken) problems.push({ file: MAP_FILE, line: 1, message: `broken target ${broken}` });
    }
  }
  return problems;
}

// ------------------------------------------------------------------ rewriting

const SEPARATOR = String.raw`(?:[ \t]|\n[ \t]*(?:\*(?!/)|//)?[ \t]*)*`;

/** `1, 3 and 5` → ['1', '3', '5']. */
const numbersOf = (list) => list.match(/\d+[a-z]?/g) ?? [];

/** The section numbers of a citation and of the ones listed after it in `more` (a range gives every section in it). */
function sectionsOf(first, more) {
  const sections = [first];
  for (const [, separator, section] of more.matchAll(/(,|and|&|-|–)[^§]*§\s?(\d+[a-z]?)/g)) {
    const from = Number.parseInt(sections.at(-1), 10);
    const to = Number.parseInt(section, 10);
    if ((separator === '-' || separator === '–') && /^\d+$/.test(section) && to > from) {
      for (let number = from + 1; number <= to; number += 1) sections.push(String(number));
    } else {
      sections.push(section);
    }
  }
  return sections;
}

/** The targets joined, each once. */
const joined = (targets) => [...new Set(targets)].join(', ');

/**
 * `text` (the file `file`) with every citation the map knows rewritten; `missing` collects
 * citations the map has no target for.
 */
export function rewrite(text, file, map, missing = []) {
  const asLink = file.endsWith('.md') && !file.startsWith('docs/');
  const fileDir = path.dirname(path.join(root, file));
  /** A target as written in this file: `docs/…` in code, a relative link in Markdown. */
  const written = (target) => {
    if (!asLink) return target;
    const relative = path
      .relative(fileDir, path.join(root, target.split('#')[0]))
      .split(path.sep)
      .join('/');
    const anchor = target.includes('#') ? `#${target.split('#')[1]}` : '';
    return `[${target.split('#')[0]}](${relative}${anchor})`;
  };
  const look = (table, key, citation) => {
    const target = table?.[key];
    if (!target) missing.push(`${file}: ${citation}`);
    return target ?? null;
  };

  let out = text;
  // 1. The map's replacements for this file (a bare section number of a file cited above, and the like),
  //    written as they are to appear.
  for (const { file: only, find, replace } of map.contextual ?? []) {
    if (only !== file) continue;
    if (!out.includes(find)) {
      missing.push(`${file}: contextual text not found: ${find}`);
      continue;
    }
    out = out.split(find).join(replace);
  }
  // The map's phrases, in every file (a phrase naming the specification → the documented one).
  for (const { find, replace } of map.phrases ?? []) out = out.split(find).join(replace);
  // 2. Sections: a specification's name and one or more section numbers, across a wrapped comment line too.
  const sectionPattern = new RegExp(
    String.raw`\b(product-spec|server-contract|live-gate|offline-gate|operations|performance|integrations|field-ready)(?:\.md)?${SEPARATOR}§\s?(\d+[a-z]?)((?:${SEPARATOR}(?:,|and|&|,\s*and|-|–)${SEPARATOR}§\s?\d+[a-z]?)*)`,
    'g',
  );
  out = out.replace(sectionPattern, (citation, name, first, more) => {
    const targets = sectionsOf(first, more ?? '').map((section) =>
      look(map.sections?.[name], section, citation),
    );
    return targets.every(Boolean) ? joined(targets.map(written)) : citation;
  });
  // 3. Issue items: `hardening issue, item 5`, `usable-by-everyone issue items 1 and 2`.
  out = out.replace(
    new RegExp(
      String.raw`\b(hardening|usable-by-everyone|usability) issue(?:,|:)?${SEPARATOR}items?${SEPARATOR}(\d+(?:(?:,${SEPARATOR}|,?${SEPARATOR}and${SEPARATOR})\d+)*)|\bissue "Usable by everyone", item (\d+)`,
      'gi',
    ),
    (citation, issue, list, usableItem) => {
      const name = usableItem
        ? 'usable-by-everyone'
        : issue.toLowerCase() === 'usability'
          ? 'usable-by-everyone'
          : issue.toLowerCase();
      const targets = (usableItem ? [usableItem] : numbersOf(list)).map((item) =>
        look(map.issues?.[name]?.items, item, citation),
      );
      return targets.every(Boolean) ? joined(targets.map(written)) : citation;
    },
  );
  // Bare items of the issue a file is about (`(item 5)` in a file of the hardening issue).
  const itemIssue = map.itemContext?.[file];
  if (itemIssue) {
    out = out.replace(
      new RegExp(
        String.raw`\b(?:the issue's )?items?${SEPARATOR}(\d+(?:(?:,${SEPARATOR}|,?${SEPARATOR}and${SEPARATOR})\d+)*)(?=\))`,
        'g',
      ),
      (citation, list) => {
        const targets = numbersOf(list).map((item) =>
          look(map.issues?.[itemIssue]?.items, item, citation),
        );
        return targets.every(Boolean) ? joined(targets.map(written)) : citation;
      },
    );
  }
  // 4. Issue topics (`usable-by-everyone issue, Languages`) and bare issues.
  out = out.replace(
    /\b(hardening|usable-by-everyone|usability|performance|integrations|live-gate) issue(?:(,|:)\s*(Languages|WCAG 2\.2 AA|dates|target \d+|developer experience))?/gi,
    (citation, issue, separator, topic) => {
      const name = issue.toLowerCase() === 'usability' ? 'usable-by-everyone' : issue.toLowerCase();
      const entry = map.issues?.[name];
      const topical = topic ? entry?.topics?.[topic] : undefined;
      const target = topical ?? entry?.default;
      if (!target) {
        missing.push(`${file}: ${citation}`);
        return citation;
      }
      // A topic the map has is the link itself; one it has not stays as words after the link.
      return written(target) + (topic && !topical ? `${separator} ${topic}` : '');
    },
  );
  // 5. Whole files: a specification's file name, with or without its folder, and the style guide.
  const specFile =
    'product-spec|server-contract|live-gate|offline-gate|integrations|field-ready|operations|performance';
  out = out.replace(
    new RegExp(
      String.raw`(?:\.\.\/)?shared\/spec\/(${specFile})\.md\b|(?<![\w/.-])(${specFile})\.md\b|\bSTYLE\.md\b`,
      'g',
    ),
    (citation, inShared, bare) => {
      const target = look(map.files, inShared ?? bare ?? 'STYLE', citation);
      return target ? written(target) : citation;
    },
  );
  return out;
}

/** The width comments are kept to (Prettier's printWidth) when a rewrite made a line longer. */
const WIDTH = 100;

/** `text` cut into lines of at most `width` characters at spaces (a longer word stays whole). */
function wrapWords(text, width) {
  const lines = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/**
 * The comment lines of `after` that the rewrite made longer than WIDTH, wrapped: a line of a
 * block comment (` * …`) or a line comment (`// …`) goes on over as many lines as it needs
 * with the same prefix, and a one-line `/** … *\/` becomes a block. Code lines, and lines that
 * were already that long, stay as they are.
 */
export function wrapRewrittenComments(before, after) {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .flatMap((line) => {
      if (line.length <= WIDTH || old.has(line)) return [line];
      const block = /^(\s*)\/\*\* (.*) \*\/$/.exec(line);
      if (block) {
        const [, indent, text] = block;
        return [
          `${indent}/**`,
          ...wrapWords(text, WIDTH - indent.length - 3).map((part) => `${indent} * ${part}`),
          `${indent} */`,
        ];
      }
      const comment = /^(\s*(?:\*|\/\/)\s+)(\S.*)$/.exec(line);
      if (comment) {
        const [, prefix, text] = comment;
        return wrapWords(text, WIDTH - prefix.length).map((part) => `${prefix}${part}`);
      }
      return [line];
    })
    .join('\n');
}

/**
 * Rewrites the repository's files (those under `only`'s paths when given, none under
 * `except`'s); answers what changed and what could not be mapped.
 */
function rewriteAll({ dryRun, only = [], except = [] }) {
  const map = readMap();
  const changed = [];
  const missing = [];
  for (const file of repositoryFiles({ trackedOnly: true })) {
    if (
      !SCANNED.test(file) ||
      SKIPPED.has(path.basename(file)) ||
      SKIPPED.has(file) ||
      file.startsWith('docs/') ||
      (only.length > 0 && !only.some((prefix) => file.startsWith(prefix))) ||
      except.some((prefix) => file.startsWith(prefix))
    )
      continue;
    const absolute = path.join(root, file);
    const before = readFileSync(absolute, 'utf8');
    const rewritten = rewrite(before, file, map, missing);
    const after = file.endsWith('.md') ? rewritten : wrapRewrittenComments(before, rewritten);
    if (after === before) continue;
    changed.push(file);
    if (!dryRun) writeFileSync(absolute, after);
  }
  return { changed, missing };
}

// ------------------------------------------------------------------ command line

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, SELF)) {
  const args = new Set(process.argv.slice(2));
  if (args.has('--rewrite')) {
    const listed = (name) =>
      process.argv
        .slice(2)
        .filter((arg) => arg.startsWith(`--${name}=`))
        .flatMap((arg) => arg.slice(name.length + 3).split(','))
        .filter(Boolean);
    const { changed, missing } = rewriteAll({ dryRun: args.has('--dry-run'), only: listed('only'), except: listed('except') });
    console.log(
      `${args.has('--dry-run') ? 'Would rewrite' : 'Rewrote'} citations in ${changed.length} files.`,
    );
    for (const line of missing) console.log(`  not in the map: ${line}`);
  }
  if (args.has('--check') || !args.has('--rewrite')) {
    const problems = check({ docsOnly: args.has('--docs-only') });
    for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
    if (problems.length > 0) {
      console.error(
        `\n${problems.length} reference problem(s). Rules are described in docs/ (see docs/development.md#comments-and-references).`,
      );
      process.exit(1);
    }
    console.log(
      'Every link and reference resolves, and no citation points outside the repository.',
    );
  }
}
