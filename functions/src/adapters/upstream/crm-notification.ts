import type { Post } from '../../domain/outages/notify';

/**
 * Posts a notification to a CRM webhook: exactly its URL (no redirect followed: a 3xx is a failure),
 * within the attempt's timeout; the status, or the network error.
 */
export const postNotification: Post = async (url, request) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};
