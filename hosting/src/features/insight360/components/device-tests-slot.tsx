/**
 * Where the "Tests from the device" card stands in the 360 view (docs/features.md, "Tests from the
 * device"): a box that loads the card's code once it nears the screen, as the History card's charts do, or
 * once the page has settled (nothing loading, the browser idle), so the card never delays the first
 * findings and is there when the agent scrolls to it. What the card needs of the view and not of its tab (why the
 * device cannot be reached, from the diagnosis; whether the view is live) comes through the context the
 * view sets.
 */
import { createContext, lazy, Suspense, use, useEffect, useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import type { RoleKey } from '@insight/common/roles';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { whenPageSettled } from '../../../lib/loading-store';
import type { ViewSections } from '../api/sections';

const DeviceTestsCard = lazy(() => import('./device-tests-card'));

export interface DeviceTestsViewState {
  /** The diagnosis's root cause in words (the port is out, the ONU is down…): why a device cannot be reached. */
  reason: string | null;
  /** False in a view kept on the device offline: no test runs from it. */
  live: boolean;
}
export const DeviceTestsContext = createContext<DeviceTestsViewState>({ reason: null, live: false });

/** The card's reserved box, so that nothing under it moves when it loads. */
const MIN_HEIGHT = 160;

export function DeviceTestsSlot({
  mac,
  roles,
  sections,
}: {
  mac: string;
  roles: readonly RoleKey[];
  sections: ViewSections;
}) {
  const { reason, live } = use(DeviceTestsContext);
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  if (!live) return null;
  const fallback = <Skeleton variant="rounded" height={MIN_HEIGHT} />;
  return (
    <Box ref={ref} sx={{ minHeight: MIN_HEIGHT }}>
      {near || settled ? (
        <Suspense fallback={fallback}>
          <DeviceTestsCard mac={mac} roles={roles} lan={sections.lan.data?.data ?? null} reason={reason} />
        </Suspense>
      ) : (
        fallback
      )}
    </Box>
  );
}
