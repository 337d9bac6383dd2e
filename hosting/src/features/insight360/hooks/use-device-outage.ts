/**
 * The open outage that covers the device of a 360 view (docs/features.md, "Known outages"): its PON port
 * and head end come with the WAN section (the ONU's state and details, which the first findings wait for
 * anyway), and the open outages are read from the view's start (hooks/use-open-outages.ts), so that the
 * banner and the known outage's finding join the view with the WAN's answer rather than after it.
 */
import { useMemo } from 'react';
import type { Outage } from '@insight/common/outages';
import { useOpenOutages } from '../../../hooks/use-open-outages';
import type { ViewSections } from '../api/sections';

/** The newest open outage covering the device, or null (none known, not yet read, or a view kept offline). */
export function useDeviceOutage(wan: ViewSections['wan'], enabled: boolean): Outage | null {
  const open = useOpenOutages(enabled);
  const data = wan.data?.data;
  const olt = data?.state.olt;
  const port = data?.state.port;
  const headEnd = data?.details.networkGroup;
  return useMemo(
    () =>
      open && (olt || headEnd)
        ? (open.covering({ olt: olt ?? null, port: port ?? null, headEnd: headEnd ?? null })[0] ?? null)
        : null,
    [open, olt, port, headEnd],
  );
}
