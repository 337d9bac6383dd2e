/**
 * The open outage that covers the device of a 360 view (docs/features.md, "Known outages"): its PON port
 * and head end come with the WAN section (the ONU's state and details), and the open outages are read
 * through hooks/use-open-outages.ts once the caller enables it (the view: once its findings are drawn).
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
