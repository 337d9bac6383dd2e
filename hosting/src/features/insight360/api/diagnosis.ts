/**
 * The diagnosis of the 360 view (common/src/diagnosis.ts, the function the API scores and stores looks
 * with), run here on the sections answered so far: the findings fill in as the sections arrive and never
 * wait for the slowest one. The playbook's texts come from the API (engineering's edits) and, until they
 * have, from the seeded defaults; the device's earlier looks from GET /api/360/{mac}/looks. An open outage
 * that covers the device (hooks/use-open-outages.ts) makes its port's fault a known outage; the results of the
 * tests run from the device in the last hour (api/device-tests.ts) grade it too.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import {
  diagnose,
  measuresOf,
  type DiagnosisInput,
  type KnownOutage,
  type LookSnapshot,
  type SectionState,
} from '@insight/common/diagnosis';
import type { Playbook, PlaybookEntry } from '@insight/common/diagnosis-playbook';
import type { TestResult } from '@insight/common/device-tests';
import type { AssessedHistorySection } from '@insight/common/history-measures';
import { DEFAULT_PLAYBOOK_BY_KEY, mergePlaybook } from '@insight/common/diagnosis-playbook-defaults';
import { apiFetch, type HttpError } from '../../../lib/http-client';
import type { ViewSections } from './sections';
import { PLAYBOOK_PATH, viewLooksPath } from './view-path';

type Swr<T> = { data?: { data: T }; error?: { code: string; path?: string } };

const stateOf = <T>(swr: Swr<T>): SectionState<T> =>
  swr.data
    ? { status: 'ok', data: swr.data.data }
    : swr.error
      ? { status: 'error', code: swr.error.code, ...(swr.error.path ? { path: swr.error.path } : {}) }
      : { status: 'pending' };

/**
 * The diagnosis's input from the view's sections and, once its answer is in, the device's week of history
 * (not a section: nothing waits for it; its findings join when it arrives), and the open outage that covers
 * the device, when one is known, and the fresh results of the tests from the device, when there are any.
 */
export function diagnosisInputOf(
  sections: ViewSections,
  history?: Swr<AssessedHistorySection>,
  outage: KnownOutage | null = null,
  tests: readonly TestResult[] = [],
): DiagnosisInput {
  return {
    ...(history ? { history: stateOf(history) } : {}),
    ...(outage ? { outage } : {}),
    ...(tests.length > 0 ? { tests } : {}),
    customer: stateOf(sections.customer),
    wan: stateOf(sections.wan),
    lan: stateOf(sections.lan),
    voice: stateOf(sections.voice),
    bc: stateOf(sections.bc),
    port: stateOf(sections.neighbourhood),
  };
}

const NO_TESTS: readonly TestResult[] = [];

/** The diagnosis of what the view holds now, and the measurements it would store as a look. */
export function useDiagnosis(
  sections: ViewSections,
  history?: Swr<AssessedHistorySection>,
  outage: KnownOutage | null = null,
  tests: readonly TestResult[] = NO_TESTS,
) {
  const { customer, wan, lan, voice, bc, neighbourhood } = sections;
  return useMemo(() => {
    const input = diagnosisInputOf(
      { customer, wan, lan, voice, bc, neighbourhood } as ViewSections,
      history,
      outage,
      tests,
    );
    return { ...diagnose(input), measures: measuresOf(input), input };
    // The SWR objects change identity on every render; their data and error are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    customer.data,
    customer.error,
    wan.data,
    wan.error,
    lan.data,
    lan.error,
    voice.data,
    voice.error,
    bc.data,
    bc.error,
    neighbourhood.data,
    neighbourhood.error,
    history?.data,
    history?.error,
    outage,
    tests,
  ]);
}

/** The playbook: engineering's entries over the defaults; the defaults until the API answered. */
export function usePlaybook(): Playbook {
  const { data } = useSWR<{ entries: PlaybookEntry[] }, HttpError>(
    PLAYBOOK_PATH,
    (path: string) => apiFetch<{ entries: PlaybookEntry[] }>(path),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      dedupingInterval: 60_000,
    },
  );
  return useMemo(() => (data ? mergePlaybook(data.entries) : DEFAULT_PLAYBOOK_BY_KEY), [data]);
}

/** The device's stored looks, newest first (the previous look, the trend). */
export function useLooks(mac: string) {
  return useSWR<{ looks: LookSnapshot[] }, HttpError>(
    viewLooksPath(mac),
    (path: string) => apiFetch<{ looks: LookSnapshot[] }>(path),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      dedupingInterval: 10_000,
    },
  );
}
