import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/** The API reads' defaults (SWR): no refetch on focus, no retry of an error (the screens offer a retry). */
export default function SwrDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>;
}
