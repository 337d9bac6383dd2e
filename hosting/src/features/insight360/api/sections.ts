import useSWR from 'swr';
import { SECTIONS, type Section } from '@insight/common/constants';
import type {
  BirthCertificatesSection,
  Customer,
  LanSection,
  NeighbourhoodSection,
  SectionResponse,
  VoiceSection,
  WanSection,
} from '@insight/common/customer360';
import { isErrorCode } from '@insight/common/errors';
import { pathBuffers } from '@insight/common/stream-path';
import { apiFetch, apiStream, HttpError } from '../../../lib/http-client';
import { useTrackedCall } from '../../../lib/tracked-calls';
import { setWholeViewAnswers, viewStreamPath } from './view-path';

export interface SectionData {
  customer: Customer;
  wan: WanSection;
  lan: LanSection;
  voice: VoiceSection;
  'birth-certificates': BirthCertificatesSection;
  neighbourhood: NeighbourhoodSection;
}

export const sectionPath = (mac: string, section: Section, language: string) =>
  `/360/${mac}/${section}?language=${language}`;

type Settle = { resolve(value: unknown): void; reject(error: unknown): void };
interface StreamEntry {
  started: number;
  waiting: Map<Section, Promise<unknown>>;
}
/** Whole-view streams in flight, by MAC and language. */
const streams = new Map<string, StreamEntry>();
const STREAM_REUSE_MS = 5_000;

/**
 * Whether the path to the API holds a streamed answer until it ends (a buffering proxy or CDN): then one
 * slow section would hold every other, so the next views ask for each section on its own route. Decided
 * by each whole-view answer that can tell (common/src/stream-path.ts).
 */
let buffered = false;
/** Answers in a row that looked buffered: one alone (a busy page, a slow moment) does not switch. */
let bufferedAnswers = 0;
const BUFFERED_ANSWERS_TO_SWITCH = 2;

/**
 * When the bytes of an answer reached the browser, first and last, from the network's own timing (not
 * from when the page's script got round to each line, which a busy page delays and bunches).
 */
function networkTimes(path: string): { first: number; last: number } | null {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]!;
    if (entry.name.endsWith(path) && entry.responseStart > 0 && entry.responseEnd > 0)
      return { first: entry.responseStart, last: entry.responseEnd };
  }
  return null;
}

/**
 * Loads every section of a view with one streamed request (GET /api/360/{mac}); each section's promise
 * settles as its line arrives. A section asked again later (retry, revalidation) uses its own route.
 */
function fromStream(mac: string, section: Section, language: string): Promise<unknown> | null {
  if (buffered) return null;
  const entry = startViewStream(mac, language);
  const promise = entry.waiting.get(section) ?? null;
  // Each section takes its line once; asking again goes to the section's own route.
  entry.waiting.delete(section);
  return promise;
}

/** The whole-view stream of a MAC and language: the one in flight (started less than 5 s ago), or a new one. */
function startViewStream(mac: string, language: string): StreamEntry {
  const key = `${mac}:${language}`;
  let entry = streams.get(key);
  if (!entry || performance.now() - entry.started > STREAM_REUSE_MS) {
    const settles = new Map<Section, Settle>();
    const waiting = new Map<Section, Promise<unknown>>();
    for (const name of SECTIONS)
      waiting.set(name, new Promise((resolve, reject) => settles.set(name, { resolve, reject })));
    for (const promise of waiting.values()) promise.catch(() => undefined);
    entry = { started: performance.now(), waiting };
    streams.set(key, entry);
    const timings: Array<{ atMs: number; receivedAt: number }> = [];
    const path = viewStreamPath(mac, language);
    apiStream(path, (raw) => {
      const line = raw as {
        section: Section;
        status: number;
        body: { error?: { code?: string; message?: string; path?: string } };
        atMs?: number;
      };
      if (typeof line.atMs === 'number') timings.push({ atMs: line.atMs, receivedAt: performance.now() });
      const settle = settles.get(line.section);
      if (!settle) return;
      settles.delete(line.section);
      if (line.status >= 200 && line.status < 300) settle.resolve(line.body);
      else
        settle.reject(
          new HttpError(
            line.status,
            isErrorCode(line.body.error?.code) ? line.body.error.code : 'internal',
            line.body.error?.message ?? '',
            line.body.error?.path,
          ),
        );
    })
      .then(() => {
        // The network's first and last byte stand for the first and last line when it has them.
        const network = networkTimes(`/api${path}`);
        const received =
          network && timings.length >= 2
            ? timings.map((timing, index) => ({
                ...timing,
                receivedAt:
                  index === 0
                    ? network.first
                    : index === timings.length - 1
                      ? network.last
                      : timing.receivedAt,
              }))
            : timings;
        const verdict = pathBuffers(received);
        if (verdict === null) return;
        bufferedAnswers = verdict ? bufferedAnswers + 1 : 0;
        buffered = bufferedAnswers >= BUFFERED_ANSWERS_TO_SWITCH;
        setWholeViewAnswers(!buffered);
      })
      .catch((error: unknown) => settles.forEach((settle) => settle.reject(error)))
      .finally(() =>
        settles.forEach((settle) =>
          settle.reject(new HttpError(502, 'upstream_error', 'Section missing from the answer')),
        ),
      );
  }
  return entry;
}

/** The sections whose next read bypasses the API's cache (a refresh asked for; any reader of the key). */
const refreshing = new Set<string>();

/**
 * One section of the 360 view (SWR: cached per MAC, section and language). `refresh()` asks the API
 * to bypass its cache. Every section is a tracked call: search waits until all have reported.
 */
export function useSection<S extends Section>(mac: string | null, section: S, language: string) {
  const key = mac ? sectionPath(mac, section, language) : null;
  const swr = useSWR<SectionResponse<SectionData[S]>, HttpError>(
    key,
    (path: string) =>
      refreshing.delete(path)
        ? apiFetch<SectionResponse<SectionData[S]>>(`${path}&refresh=1`)
        : ((fromStream(mac!, section, language) as Promise<SectionResponse<SectionData[S]>> | null) ??
          apiFetch(path)),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      dedupingInterval: 10_000,
    },
  );
  useTrackedCall(key, swr.isLoading);
  return {
    ...swr,
    // A read again that bypasses the API's cache, through SWR's own revalidation: the card shows it
    // running (its button disabled) and, when it fails, the error with its retry; the data it had stays
    // until then.
    refresh: () => {
      if (!key) return undefined;
      refreshing.add(key);
      return swr.mutate();
    },
  };
}

/** Every section of one device's view, each its own SWR read. */
export function useViewSections(mac: string, language: string) {
  return {
    customer: useSection(mac, 'customer', language),
    wan: useSection(mac, 'wan', language),
    lan: useSection(mac, 'lan', language),
    voice: useSection(mac, 'voice', language),
    bc: useSection(mac, 'birth-certificates', language),
    neighbourhood: useSection(mac, 'neighbourhood', language),
  };
}
export type ViewSections = ReturnType<typeof useViewSections>;
