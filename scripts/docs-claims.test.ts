/**
 * The docs' mechanical claims, held to the code: the collections table of docs/architecture.md ("Where
 * state lives") against the collections the code writes, the TTL policies of firestore.indexes.json
 * against the writes that carry `expireAt`, the constants the docs quote by value against their values
 * in the code, and the README's length and its freedom from commit hashes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeConstants } from './lib/code-constants';
import {
  collectionPath,
  firestoreWrites,
  type FirestoreWrite,
  type UnresolvedWrite,
} from './lib/firestore-writes';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The body of the section under `heading` (up to the next heading of the same or a higher level). */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.match(/^#+/)![0].length;
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The rows of every markdown table in `text`, as cells (header and rule rows left out). */
function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  return lines
    .filter((line, index) => !/^\|[\s:|-]+\|$/.test(line) && !/^\|[\s:|-]+\|$/.test(lines[index + 1] ?? ''))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`; a brace without a comma is an id and stays. */
function expand(pattern: string): string[] {
  const match = pattern.match(/\{([^{}]*,[^{}]*)\}/);
  if (!match) return [pattern];
  return match[1]!.split(',').flatMap((choice) => expand(pattern.replace(match[0], choice.trim())));
}

/** The collections a row of the collections table names, as collection paths (`device_snapshots/looks`). */
export function tableCollections(firstCell: string): string[] {
  return [...firstCell.matchAll(/`([^`]+)`/g)].flatMap((match) =>
    expand(match[1]!).map((name) => collectionPath(name.split('/'))),
  );
}

describe('docs/architecture.md, "Where state lives": the Firestore collections', () => {
  let writes: FirestoreWrite[];
  let unresolved: UnresolvedWrite[];
  let documented: Set<string>;
  beforeAll(() => {
    ({ writes, unresolved } = firestoreWrites(ROOT));
    const table = section(read('docs/architecture.md'), '### Firestore');
    documented = new Set(tableRows(table).flatMap((row) => tableCollections(row[0]!)));
  }, 120_000);

  it('when the code writes a collection, then the table lists it', () => {
    const written = [...new Set(writes.map((write) => write.collection))].sort();
    expect(written.length).toBeGreaterThan(10);
    expect(written.filter((collection) => !documented.has(collection))).toEqual([]);
  });

  it('when the table lists a collection, then the code still writes it', () => {
    const written = new Set(writes.map((write) => write.collection));
    expect([...documented].filter((collection) => !written.has(collection))).toEqual([]);
  });

  it('when a write names its document in a way the scan cannot follow, then it only touches a document that exists', () => {
    // An update fails on a missing document, a delete removes one, and a read document's own `ref` is in
    // a collection that exists: none brings a collection into being. A set, create or add that the scan
    // cannot follow must be made followable.
    const creating = unresolved.filter(
      (write) =>
        !['update', 'delete', 'updateDoc', 'deleteDoc'].includes(write.method) && !write.ofReadDocument,
    );
    expect(creating).toEqual([]);
  });

  it('when a write carries expireAt, then firestore.indexes.json has a TTL policy for its collection', () => {
    const indexes = JSON.parse(read('firestore.indexes.json')) as {
      fieldOverrides: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
    };
    const ttl = new Set(
      indexes.fieldOverrides
        .filter((override) => override.fieldPath === 'expireAt' && override.ttl)
        .map((override) => override.collectionGroup),
    );
    const expiring = [...new Set(writes.filter((write) => write.expireAt).map((write) => write.collection))];
    expect(expiring).toContain('audit_log');
    // A TTL policy belongs to a collection group: the collection's last segment.
    expect(expiring.filter((collection) => !ttl.has(collection.split('/').at(-1)!))).toEqual([]);
  });
});

/**
 * How each constant's value reads in the docs' tables: the fragments a row naming the constant must hold.
 * A constant named in a table and missing here fails the test below: say here how its value reads.
 */
const READS_AS: Record<string, (value: never) => string[]> = {
  CUSTOMER_CALL_DELAY_MS: (ms: number) => [`${ms} ms`],
  REGENERATION_PUT_AFTER_MS: (ms: number) => [`${ms / 3_600_000} h`],
  LOADING_BAR: (bar: { durationMs: number; throttleMs: number; hideDelayMs: number }) => [
    `${bar.durationMs.toLocaleString('en')} ms`,
    `throttle ${bar.throttleMs} ms`,
    `hide delay ${bar.hideDelayMs} ms`,
  ],
  CHUNK_RELOAD_GUARD_MS: (ms: number) => [`${ms.toLocaleString('en')} ms`],
  CHANGE_FLAG_MS: (ms: number) => [`${ms.toLocaleString('en')} ms`],
  THRESHOLD_OUTER_BOUND: (bound: number) => [`± ${bound.toLocaleString('en')}`],
  RECENT_LOOKUPS_LIMIT: (count: number) => [`${count}`],
  SMS_LIMIT: (limit: { points: number; durationSeconds: number }) => [
    `${limit.points} per user and ${limit.points} per device in ${limit.durationSeconds / 60} min`,
  ],
  UPSTREAM_TIMEOUT_MS: (ms: number) => [`${ms.toLocaleString('en')} ms`],
  CACHE_TTL_SECONDS: (seconds: number) => [`${seconds} s`],
  CALL_CACHE: (cache: { freshWindowMs: number; maxEntries: number }) => [
    `${cache.freshWindowMs / 1000} s`,
    `${cache.maxEntries.toLocaleString('en')} entries`,
  ],
  ROLES_POLL_MS: (ms: number) => [`every ${ms / 1000} s`],
  ROLES_CACHE_MS: (ms: number) => [`${ms / 1000} s`],
  THRESHOLD_CACHE: (cache: { maxAgeMs: number; refreshAfterMs: number }) => [
    `${cache.refreshAfterMs / 1000} s`,
    `${cache.maxAgeMs / 1000} s`,
  ],
  PLAYBOOK_CACHE: (cache: { maxAgeMs: number; refreshAfterMs: number }) => [
    `${cache.refreshAfterMs / 1000}–${cache.maxAgeMs / 1000} s`,
  ],
  CHANGE_MARKS_MAX_AGE_MS: (ms: number) => [`${ms / 1000} s`],
  STREAM_CYCLE_MS: (ms: number) => [`cycle ${ms / 1000} s`],
  HEARTBEAT_MS: (ms: number) => [`heartbeat ${ms / 1000} s`],
  STREAM_BUFFER_SIZE: (count: number) => [`${count.toLocaleString('en')} changes`],
  STREAM_IDLE_CLOSE_MS: (ms: number) => [`${ms / 1000} s after the last viewer`],
  BODY_LIMIT_BYTES: (bytes: number) => [`${bytes / 1024} KB`],
  IMPORT_ROWS_PER_REQUEST: (rows: number) => [`${rows} rows per request`],
  TOMBSTONE_TTL_MS: (ms: number) => [`${ms / 1000} s`],
  AUDIT_RETENTION_DAYS: (days: number) => [`${days} days`],
  SEARCH_QUERY_MIN: (min: number) => [`query ${min}–`],
  SEARCH_QUERY_MAX: (max: number) => [`–${max}`],
  SEARCH_LIMIT_MAX: (max: number) => [`limit 1–${max}`],
  SEARCH_LIMIT_DEFAULT: (count: number) => [`default ${count}`],
  SEARCH_DEBOUNCE_MS: (ms: number) => [`${ms} ms pause`],
  COOKIE_LIFETIME_DAYS: (days: number) => [`${days} days`],
  LANGUAGE_COOKIE: (name: string) => [name],
  THEME_COOKIE: (name: string) => [name],
  LOOK_RETENTION_MS: (ms: number) => [`${ms / 86_400_000} days`],
  LOOK_INTERVAL_MS: (ms: number) => [ms === 60_000 ? 'per minute' : `per ${ms / 1000} s`],
  CHANGE_MARK_KEEP_MS: (ms: number) => [`${ms / 60_000} minutes`],
  RESET_REPEAT_WINDOW_MS: (ms: number) => [`within ${ms / 60_000} min`],
  RESET_BACK_SECONDS: (seconds: number) => [`${seconds / 60} min after`],
};

describe('docs: the constants quoted by value', () => {
  const constants = codeConstants(ROOT);
  const rows = ['docs/requirements.md', 'docs/architecture.md'].flatMap((file) =>
    tableRows(read(file)).map((row) => ({ file, text: row.join(' | ') })),
  );
  const named = rows.flatMap((row) =>
    [...row.text.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)`/g)]
      .map((match) => match[1]!)
      .filter((name) => constants.has(name))
      .map((name) => ({ ...row, name })),
  );

  it('when a table row names a constant of the code, then the row quotes the value the code has', () => {
    expect(named.length).toBeGreaterThan(15);
    const wrong = named.flatMap(({ file, text, name }) => {
      // A row with no figure of its own names the constant instead of quoting its value.
      if (!/\d/.test(text.replace(/`[^`]*`/g, ''))) return [];
      const reads = READS_AS[name];
      if (!reads)
        return [`${file}: ${name} (${constants.get(name)!.file}): say in READS_AS how its value reads`];
      return reads(constants.get(name)!.value as never)
        .filter((fragment) => !text.includes(fragment))
        .map(
          (fragment) =>
            `${file}: ${name} = ${JSON.stringify(constants.get(name)!.value)}, row lacks "${fragment}": ${text}`,
        );
    });
    expect(wrong).toEqual([]);
  });

  it('when a row names the file a constant lives in, then the constant is exported there', () => {
    const misplaced = named.flatMap(({ file, text, name }) => {
      const files = [...text.matchAll(/`((?:common|functions|hosting)\/src\/[^`]+\.tsx?)`/g)].map(
        (match) => match[1]!,
      );
      const home = constants.get(name)!.file;
      return files.length > 0 && !files.includes(home)
        ? [`${file}: ${name} lives in ${home}, the row says ${files.join(', ')}`]
        : [];
    });
    expect(misplaced).toEqual([]);
  });
});

describe('docs/architecture.md, "Layers and import rules": the lint zones', () => {
  it('when eslint.config.js has a boundary zone, then the table lists it, and every row is a zone', async () => {
    const { boundaryZones } = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as {
      boundaryZones: Array<{ target: string }>;
    };
    const shared = /^\.\/hosting\/src\/(components|hooks|lib|config|locales|providers|testing)$/;
    const feature = /^\.\/hosting\/src\/features\/[^/]+$/;
    const zones = new Set(
      boundaryZones.map(({ target }) =>
        target
          .replace(shared, './hosting/src/<shared folder>')
          .replace(feature, './hosting/src/features/<f>')
          .slice(2),
      ),
    );
    const table = section(read('docs/architecture.md'), '## Layers and import rules');
    const rows = new Set(tableRows(table).map((row) => row[0]!.match(/`([^`]+)`/)![1]!));
    expect(zones.size).toBeGreaterThanOrEqual(10);
    expect(rows).toEqual(zones);
  });
});

describe('the links between the README and docs/', () => {
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
  const files = [
    'README.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  it('when a document links to another file or to a section, then the file and the section exist', () => {
    const broken = files.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .flatMap((target) => {
          const [linked, anchor] = target.split('#') as [string, string | undefined];
          const resolved = linked ? path.join(path.dirname(file), linked) : file;
          if (!existsSync(path.join(ROOT, resolved))) return [`${file}: ${target} (no such file)`];
          if (!anchor || statSync(path.join(ROOT, resolved)).isDirectory()) return [];
          const headings = [...read(resolved).matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!));
          return headings.includes(anchor) ? [] : [`${file}: ${target} (no such section)`];
        }),
    );
    expect(broken).toEqual([]);
  });

  /** What a build or a deploy check writes (ignored by git): named by the docs, absent from a fresh clone. */
  const generated = (named: string) =>
    [named, `${named.replace(/\/$/, '')}/`].some(
      (each) => spawnSync('git', ['check-ignore', '-q', each], { cwd: ROOT }).status === 0,
    );

  it('when a document names a file or folder of the project, then it exists', () => {
    const missing = files.flatMap((file) =>
      [
        ...read(file).matchAll(
          /`((?:common|functions|hosting|simulator|scripts|tests|harness|tools)\/[^`\s]*)`/g,
        ),
      ]
        .map((match) => match[1]!)
        // Patterns, and the environment files an operator writes per project.
        .filter((named) => !/[<{*…]/.test(named) && !/\/\.env(\.|$)/.test(named))
        .filter((named) => !existsSync(path.join(ROOT, named)) && !generated(named))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = read('README.md');
  it('when a newcomer opens it, then it is at most 350 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(350);
  });
  it('when it is read, then it names no commit (hashes belong in the history, not the README)', () => {
    const hashes = [...readme.matchAll(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g)].map(
      (match) => match[0],
    );
    expect(hashes).toEqual([]);
  });
  it('when .ci/run runs, then it calls the test command of the quick start', () => {
    const quickStart = section(readme, '## Quick start');
    const command = quickStart.match(/^(npm (?:run )?test)\b/m)?.[1];
    expect(command).toBe('npm test');
    expect(read('.ci/run')).toMatch(new RegExp(`^${command}$`, 'm'));
  });
});
