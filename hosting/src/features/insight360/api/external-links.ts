import useSWR from 'swr';
import type { ExternalLinks } from '@insight/common/external-links';
import { apiFetch, type HttpError } from '../../../lib/http-client';
import { LINKS_PATH } from './view-path';

/** The links to the other tools, CRM and VoIP templates: runtime configuration, read once per session. */
export function useExternalLinks() {
  return useSWR<ExternalLinks, HttpError>(LINKS_PATH, (path: string) => apiFetch<ExternalLinks>(path), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
