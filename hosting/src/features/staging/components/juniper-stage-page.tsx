import { useMemo, useState } from 'react';
import { Box, Chip, Stack } from '@mui/material';
import type { Province } from '@insight/common/staging';
import { can } from '@insight/common/roles';
import { useTranslation } from 'react-i18next';
import { AdminList } from '../../../components/admin/admin-list';
import { RecountButton } from '../../../components/admin/recount-button';
import { useAuth } from '../../../providers/auth-provider';
import { useStagingLists } from '../api/staging-lists';
import type { Connection } from '../api/use-staging-stream';
import { useChangeFlags } from '../hooks/use-change-flags';
import { DeviceEvents } from './device-events';
import { stagingOrphans, StagingOrphans, useGenericLevels } from './generic-levels';
import { StageShell } from './stage-shell';

/** The lists' state as a live page's connection: connecting, live, the database's error, or stopped. */
function connectionOf(enabled: boolean, lists: ReturnType<typeof useStagingLists>): Connection {
  if (!enabled) return { state: 'stopped' };
  const all = Object.values(lists);
  const failed = all.find((list) => list.error);
  if (failed?.error) return { state: 'error', message: failed.error };
  return all.some((list) => list.loading) ? { state: 'connecting' } : { state: 'live' };
}

/** What a level shows beside its Add button (e.g. 'Choose a warehouse'). */
const Hint = ({ text, testId }: { text: string; testId: string }) => <span data-testid={testId}>{text}</span>;

/**
 * /juniper-stage (Generic): warehouses → racks → host devices (in rack order) → connected devices, live
 * from Firestore, with the devices' staging events beside them. A click on a row shows what it holds;
 * engineering adds, edits and deletes at every level. Reset stops the listeners and clears the tables.
 */
export default function JuniperStagePage() {
  const { t } = useTranslation('staging');
  const { state } = useAuth();
  const canWrite = can(state.status === 'signedIn' ? state.user.roles : [], 'adminWrite');
  const [province, setProvince] = useState<Province>('ON');
  const [enabled, setEnabled] = useState(true);
  const lists = useStagingLists(enabled);
  const [picked, setPicked] = useState<{ warehouse?: string; rack?: string; host?: string }>({});

  const warehouses = useMemo(
    () => lists.warehouses.rows.filter((row) => row.province === province),
    [lists.warehouses.rows, province],
  );
  // The first warehouse and rack are chosen until the user picks, so that the page is never blank.
  const warehouseId = warehouses.some((row) => row.id === picked.warehouse)
    ? picked.warehouse!
    : (warehouses[0]?.id ?? null);
  const racks = useMemo(
    () => lists.racks.rows.filter((row) => row.warehouseId === warehouseId),
    [lists.racks.rows, warehouseId],
  );
  const rackId = racks.some((row) => row.id === picked.rack) ? picked.rack! : (racks[0]?.id ?? null);
  const hosts = useMemo(
    () =>
      lists.hosts.rows
        .filter((row) => row.rackId === rackId)
        .sort((a, b) => a.rackOrder - b.rackOrder || a.name.localeCompare(b.name)),
    [lists.hosts.rows, rackId],
  );
  // No host picked: every device of the rack.
  const hostId = hosts.some((row) => row.id === picked.host) ? picked.host! : null;
  const devices = useMemo(() => {
    const shown = new Set(hostId ? [hostId] : hosts.map((host) => host.id));
    return lists.connected.rows
      .filter((row) => shown.has(row.hostDeviceId))
      .sort(
        (a, b) => a.hostDeviceId.localeCompare(b.hostDeviceId) || (a.portNumber ?? 0) - (b.portNumber ?? 0),
      );
  }, [lists.connected.rows, hosts, hostId]);
  const events = useMemo(() => {
    const here = new Set(warehouses.map((row) => row.id));
    return lists.events.rows.filter((row) => here.has(row.warehouseId));
  }, [lists.events.rows, warehouses]);

  // Any level's row that changes is flagged for a second (docs/requirements.md, "Staging"), not only the devices.
  const version = (row: { updatedAt: Date | null; childCount?: number }) =>
    `${row.updatedAt?.getTime()}|${row.childCount ?? ''}`;
  const flagged = {
    warehouses: useChangeFlags(lists.warehouses.rows, version),
    racks: useChangeFlags(lists.racks.rows, version),
    hosts: useChangeFlags(lists.hosts.rows, version),
    devices: useChangeFlags(lists.connected.rows, (row) => `${row.state}|${version(row)}`),
  };
  const levels = useGenericLevels({ lists, warehouseId, rackId, hostId, province });
  const orphans = stagingOrphans(lists);

  return (
    <StageShell
      title={t('genericTitle')}
      province={province}
      onProvince={(next) => {
        setProvince(next);
        setPicked({});
      }}
      connection={connectionOf(enabled, lists)}
      onReset={() => {
        setEnabled(false);
        setPicked({});
      }}
      onStart={() => setEnabled(true)}
      summary={
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Chip
            size="small"
            data-testid="row-count"
            label={t('generic.summary', { warehouses: warehouses.length, devices: devices.length })}
          />
          {canWrite && <RecountButton />}
        </Stack>
      }
    >
      <StagingOrphans orphans={orphans} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <AdminList
          canWrite={canWrite}
          {...levels.warehouses}
          list={lists.warehouses}
          rows={warehouses}
          selectedId={warehouseId}
          flagged={flagged.warehouses}
          onRowClick={(row) => setPicked({ warehouse: row.id })}
          height={250}
          testId="warehouses"
          dialogTestId="warehouses-dialog"
        />
        <AdminList
          canWrite={canWrite}
          {...levels.racks}
          list={lists.racks}
          rows={racks}
          selectedId={rackId}
          flagged={flagged.racks}
          onRowClick={(row) => setPicked({ warehouse: warehouseId ?? undefined, rack: row.id })}
          actions={warehouseId ? undefined : <Hint text={t('generic.pickWarehouse')} testId="racks-hint" />}
          height={250}
          testId="racks"
          dialogTestId="racks-dialog"
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AdminList
            canWrite={canWrite}
            {...levels.hosts}
            // The firmware column needs the approved versions too.
            list={{
              ...lists.hosts,
              loading: lists.hosts.loading || lists.firmwares.loading,
              error: lists.hosts.error ?? lists.firmwares.error,
            }}
            rows={hosts}
            selectedId={hostId}
            flagged={flagged.hosts}
            onRowClick={(row) =>
              setPicked({
                warehouse: warehouseId ?? undefined,
                rack: rackId ?? undefined,
                // A second click on the picked host shows the whole rack again.
                host: row.id === hostId ? undefined : row.id,
              })
            }
            actions={rackId ? undefined : <Hint text={t('generic.pickRack')} testId="hosts-hint" />}
            height={280}
            testId="hosts"
            dialogTestId="hosts-dialog"
          />
        </Box>
        <Box
          sx={{
            gridColumn: '1 / -1',
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <AdminList
            canWrite={canWrite}
            {...levels.devices}
            list={lists.connected}
            rows={devices}
            flagged={flagged.devices}
            actions={
              <Hint
                text={hostId ? t('generic.devicesOfHost') : t('generic.devicesOfRack')}
                testId="devices-hint"
              />
            }
            height={420}
            testId="devices"
            dialogTestId="devices-dialog"
          />
          <DeviceEvents events={events} loading={lists.events.loading} error={lists.events.error} />
        </Box>
      </Box>
    </StageShell>
  );
}
