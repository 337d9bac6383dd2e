import { useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { idSchema } from '@insight/common/network';
import type { Province } from '@insight/common/staging';
import {
  connectedFieldsSchema,
  DEVICE_STATES,
  firmwareStatus,
  hostFieldsSchema,
  rackFieldsSchema,
  warehouseFieldsSchema,
  type StagingList,
} from '@insight/common/staging-lists';
import { StatusChip } from '../../../components/grade-chip';
import type { AdminListProps, ListForm } from '../../../components/admin/admin-list';
import type { FormField } from '../../../components/admin/edit-dialog';
import { CountCell } from '../../../components/admin/row-flags';
import { useDateCells } from '../../../lib/date';
import { deleteStaging, saveStaging, type StagingLists } from '../api/staging-lists';

type RowsOf<K extends keyof StagingLists> = StagingLists[K]['rows'][number];
export type WarehouseRow = RowsOf<'warehouses'>;
export type RackRow = RowsOf<'racks'>;
export type HostRow = RowsOf<'hosts'>;
export type DeviceRow = RowsOf<'connected'>;

const FIRMWARE_GRADE = { approved: 'pass', notApproved: 'fail', unknown: 'warn' } as const;
export const STATE_GRADE = {
  waiting: 'n/a',
  provisioning: 'warn',
  upgrading: 'warn',
  staged: 'pass',
  failed: 'fail',
} as const;

const warehouseForm = warehouseFieldsSchema.extend({ id: idSchema });
const rackForm = rackFieldsSchema.extend({ id: idSchema });
const hostForm = hostFieldsSchema.extend({ id: idSchema });
// A connected device is known by its MAC: the MAC is its id.
const deviceForm = connectedFieldsSchema.transform((fields) => ({ id: fields.macAddress, ...fields }));

const ids = (rows: ReadonlyArray<{ id: string }>) => new Set(rows.map((row) => row.id));

type LevelRow = { id: string; childCount?: number };
/** What a level gives AdminList beyond its list, rows and columns. */
type Level<R extends LevelRow> = Pick<
  AdminListProps<R, never>,
  | 'label'
  | 'addLabel'
  | 'editTitle'
  | 'describe'
  | 'remove'
  | 'inUse'
  | 'csvFileName'
  | 'heading'
  | 'phoneColumns'
> & { save(values: { id: string } & Record<string, unknown>): Promise<unknown> };

/**
 * The four levels of the generic staging page as AdminList takes them: columns, form layout and schema
 * (common/src/staging-lists.ts), a new row's defaults under the selected parent, and a row in words. A
 * row that still holds others is not deleted: the refusal says what it holds.
 */
export function useGenericLevels({
  lists,
  warehouseId,
  rackId,
  hostId,
  province,
}: {
  lists: StagingLists;
  warehouseId: string | null;
  rackId: string | null;
  hostId: string | null;
  province: Province;
}) {
  const { t } = useTranslation('staging');
  const dateCells = useDateCells();
  const names = useMemo(
    () => ({
      warehouses: new Map(lists.warehouses.rows.map((row) => [row.id, row.name])),
      hosts: new Map(lists.hosts.rows.map((row) => [row.id, row.name])),
    }),
    [lists.warehouses.rows, lists.hosts.rows],
  );
  const code: FormField = { name: 'id', label: t('generic.fields.code'), helperText: t('generic.codeHelp') };
  const level = <R extends LevelRow>(
    list: StagingList,
    label: string,
    describe: (row: R) => string,
    phoneColumns: readonly string[],
  ): Level<R> => ({
    label,
    phoneColumns,
    addLabel: t(`generic.add.${list}`),
    editTitle: (row) => t('generic.edit', { item: describe(row) }),
    describe,
    save: ({ id, ...values }) => saveStaging(list, id, values),
    remove: (row) => deleteStaging(list, row.id),
    inUse: {
      list,
      count: (row) => row.childCount ?? 0,
      refusal: (row, count) => ({
        title: t('generic.cannotDelete'),
        message: t(`generic.holds.${list}`, { item: describe(row), count }),
      }),
      testId: 'holds-dialog',
    },
    csvFileName: `insight-staging-${list}`,
    heading: true,
  });
  const named = (row: { id: string; name: string }) => `${row.name} (${row.id})`;
  const holds = (key: 'racks' | 'hosts' | 'devices'): GridColDef<{ childCount: number }> => ({
    field: 'childCount',
    headerName: t(`generic.fields.${key}`),
    type: 'number',
    minWidth: 90,
    renderCell: ({ row }) => <CountCell count={row.childCount} />,
  });
  const updated: GridColDef<{ updatedAt: Date | null }> = {
    field: 'updatedAt',
    headerName: t('columns.updatedAt'),
    type: 'dateTime',
    getApplyQuickFilterFn: undefined,
    minWidth: 160,
    ...dateCells,
  };

  return {
    warehouses: {
      ...level<WarehouseRow>('warehouses', t('generic.warehouses'), named, ['name', 'childCount']),
      columns: [
        { field: 'id', headerName: t('generic.fields.code'), minWidth: 90 },
        { field: 'name', headerName: t('columns.name'), minWidth: 120, flex: 1 },
        holds('racks'),
      ] as Array<GridColDef<WarehouseRow>>,
      form: {
        schema: warehouseForm,
        key: 'id',
        fields: [
          code,
          { name: 'name', label: t('columns.name') },
          {
            name: 'province',
            label: t('province'),
            kind: 'select',
            options: (['ON', 'QC'] as const).map((value) => ({ value, label: t(`provinces.${value}`) })),
          },
        ],
        defaults: (row: WarehouseRow | null) =>
          row ? { id: row.id, name: row.name, province: row.province } : { id: '', name: '', province },
      } satisfies ListForm<WarehouseRow, typeof warehouseForm>,
    },
    racks: {
      ...level<RackRow>(
        'racks',
        warehouseId
          ? t('generic.racksOf', { name: names.warehouses.get(warehouseId) ?? warehouseId })
          : t('generic.racks'),
        named,
        ['name', 'childCount'],
      ),
      columns: [
        { field: 'id', headerName: t('generic.fields.code'), minWidth: 120 },
        { field: 'name', headerName: t('columns.name'), minWidth: 120, flex: 1 },
        holds('hosts'),
        updated,
      ] as Array<GridColDef<RackRow>>,
      form: {
        schema: rackForm,
        key: 'id',
        fields: [
          code,
          { name: 'name', label: t('columns.name') },
          {
            name: 'warehouseId',
            label: t('generic.fields.warehouse'),
            kind: 'select',
            options: lists.warehouses.rows.map((row) => ({ value: row.id, label: named(row) })),
          },
        ],
        defaults: (row: RackRow | null) =>
          row
            ? { id: row.id, name: row.name, warehouseId: row.warehouseId }
            : { id: '', name: '', warehouseId: warehouseId ?? '' },
      } satisfies ListForm<RackRow, typeof rackForm>,
    },
    hosts: {
      ...level<HostRow>('hosts', t('generic.hosts'), named, ['name', 'firmware']),
      columns: [
        { field: 'rackOrder', headerName: t('generic.fields.rackOrder'), type: 'number', minWidth: 90 },
        { field: 'name', headerName: t('columns.name'), minWidth: 140, flex: 1 },
        { field: 'model', headerName: t('generic.fields.model'), minWidth: 130 },
        {
          field: 'firmware',
          headerName: t('columns.firmware'),
          minWidth: 260,
          renderCell: ({ row }) => {
            const status = firmwareStatus(row, lists.firmwares.rows);
            return (
              <span data-testid="host-firmware" data-status={status}>
                {row.firmware ?? '—'}{' '}
                <StatusChip grade={FIRMWARE_GRADE[status]} label={t(`generic.firmware.${status}`)} />
              </span>
            );
          },
        },
        holds('devices'),
        updated,
      ] as Array<GridColDef<HostRow>>,
      form: {
        schema: hostForm,
        key: 'id',
        fields: [
          code,
          { name: 'name', label: t('columns.name') },
          {
            name: 'rackId',
            label: t('generic.fields.rack'),
            kind: 'select',
            options: lists.racks.rows.map((row) => ({
              value: row.id,
              label: `${names.warehouses.get(row.warehouseId) ?? row.warehouseId} · ${named(row)}`,
            })),
          },
          { name: 'rackOrder', label: t('generic.fields.rackOrder') },
          { name: 'model', label: t('generic.fields.model') },
          { name: 'firmware', label: t('columns.firmware') },
        ],
        defaults: (row: HostRow | null) =>
          row
            ? {
                id: row.id,
                name: row.name,
                rackId: row.rackId,
                rackOrder: String(row.rackOrder),
                model: row.model ?? '',
                firmware: row.firmware ?? '',
              }
            : { id: '', name: '', rackId: rackId ?? '', rackOrder: '', model: '', firmware: '' },
      } satisfies ListForm<HostRow, typeof hostForm>,
    },
    devices: {
      // A phone shows each device's MAC and state (its host and port are the rows picked above).
      ...level<DeviceRow>('connected', t('generic.devices'), (row) => row.macAddress, [
        'macAddress',
        'state',
      ]),
      columns: [
        { field: 'macAddress', headerName: t('columns.macAddress'), minWidth: 140 },
        {
          field: 'hostDeviceId',
          headerName: t('generic.fields.host'),
          minWidth: 120,
          valueGetter: (value: string) => names.hosts.get(value) ?? value,
        },
        { field: 'portNumber', headerName: t('columns.portNumber'), type: 'number', minWidth: 70 },
        {
          field: 'state',
          headerName: t('columns.state'),
          minWidth: 150,
          renderCell: ({ row }) => (
            <span data-testid="device-state" data-state={row.state}>
              <DeviceStateChip state={row.state} />
            </span>
          ),
        },
        updated,
      ] as Array<GridColDef<DeviceRow>>,
      form: {
        schema: deviceForm,
        // A device is known by its MAC: the MAC is its id.
        key: 'macAddress',
        fields: [
          { name: 'macAddress', label: t('columns.macAddress') },
          {
            name: 'hostDeviceId',
            label: t('generic.fields.host'),
            kind: 'select',
            options: lists.hosts.rows.map((row) => ({ value: row.id, label: named(row) })),
          },
          { name: 'portNumber', label: t('columns.portNumber') },
          {
            name: 'state',
            label: t('columns.state'),
            kind: 'select',
            options: DEVICE_STATES.map((value) => ({ value, label: t(`generic.states.${value}`) })),
          },
        ],
        defaults: (row: DeviceRow | null) =>
          row
            ? {
                macAddress: row.macAddress,
                hostDeviceId: row.hostDeviceId,
                portNumber: String(row.portNumber ?? ''),
                state: row.state,
              }
            : { macAddress: '', hostDeviceId: hostId ?? '', portNumber: '', state: 'waiting' as const },
      } satisfies ListForm<DeviceRow, typeof deviceForm>,
    },
  };
}

/** A device's state as a chip (the events list shares it). */
export function DeviceStateChip({ state }: { state: DeviceRow['state'] }) {
  const { t } = useTranslation('staging');
  return <StatusChip grade={STATE_GRADE[state]} label={t(`generic.states.${state}`)} />;
}

export interface StagingOrphan {
  list: 'racks' | 'hosts' | 'connected';
  id: string;
  field: 'warehouseId' | 'rackId' | 'hostDeviceId';
  parent: string;
}

/**
 * Rows whose parent row does not exist (a rack of a deleted warehouse…): the tree never shows them, so
 * the page lists them. Nothing until every level is loaded.
 */
export function stagingOrphans(lists: StagingLists): StagingOrphan[] {
  const levels = [lists.warehouses, lists.racks, lists.hosts, lists.connected];
  if (levels.some((level) => level.loading || level.error)) return [];
  const warehouses = ids(lists.warehouses.rows);
  const racks = ids(lists.racks.rows);
  const hosts = ids(lists.hosts.rows);
  return [
    ...lists.racks.rows
      .filter((row) => !warehouses.has(row.warehouseId))
      .map((row) => ({
        list: 'racks' as const,
        id: row.id,
        field: 'warehouseId' as const,
        parent: row.warehouseId,
      })),
    ...lists.hosts.rows
      .filter((row) => !racks.has(row.rackId))
      .map((row) => ({ list: 'hosts' as const, id: row.id, field: 'rackId' as const, parent: row.rackId })),
    ...lists.connected.rows
      .filter((row) => !hosts.has(row.hostDeviceId))
      .map((row) => ({
        list: 'connected' as const,
        id: row.id,
        field: 'hostDeviceId' as const,
        parent: row.hostDeviceId,
      })),
  ];
}

/** The rows the tree cannot show, each with the entry it names that is missing. */
export function StagingOrphans({ orphans }: { orphans: readonly StagingOrphan[] }) {
  const { t } = useTranslation('staging');
  const { t: tc } = useTranslation();
  if (orphans.length === 0) return null;
  const parentLabel = { warehouseId: 'warehouse', rackId: 'rack', hostDeviceId: 'host' } as const;
  return (
    <Alert severity="warning" data-testid="staging-orphans">
      {t('generic.orphans', { count: orphans.length })}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {orphans.map((orphan) => (
          <li key={`${orphan.list}/${orphan.id}`} data-testid="staging-orphan">
            {tc(`adminKit.lists.${orphan.list}`)} {orphan.id}:{' '}
            {tc('adminKit.missingParent', {
              field: t(`generic.fields.${parentLabel[orphan.field]}`),
              id: orphan.parent,
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
