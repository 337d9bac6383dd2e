import { describe, expect, it } from 'vitest';
import type { OnuRow, SwitchRow } from '@insight/common/staging';
import { queryRows, searchTexts, type ViewQuery } from './view-query';
import { switchRow as sw } from './test-rows';

const query = (over: Partial<ViewQuery> = {}): ViewQuery => ({
  page: 0,
  pageSize: 100,
  sort: [],
  search: [],
  labels: { values: {} },
  ...over,
});
const names = (rows: SwitchRow[]) => rows.map((row) => row.name);

describe('queryRows: the quick search', () => {
  const rows = [
    sw('SW-01', 'online'),
    sw('SW-02', 'offline', ['idle', 'idle', 'done']),
    sw('Sw-Éte', 'online'),
  ];

  it('when every word is in one of a row’s texts, then the row matches, case and accents folded', () => {
    expect(names(queryRows(rows, query({ search: ['sw-ete'] })).matching)).toEqual(['Sw-Éte']);
    expect(names(queryRows(rows, query({ search: ['SW', 'OFFLINE'] })).matching)).toEqual(['SW-02']);
    expect(queryRows(rows, query({ search: ['sw', 'nowhere'] })).matching).toEqual([]);
  });

  it('when a value has a label, then the label is searched too, and a switch’s ports are counted by state', () => {
    const labels = { values: { offline: 'Hors ligne', idle: 'Libre' } };
    expect(names(queryRows(rows, query({ search: ['hors'], labels })).matching)).toEqual(['SW-02']);
    expect(names(queryRows(rows, query({ search: ['libre 2'], labels })).matching)).toEqual(['SW-02']);
  });

  it('when an ONU’s MAC is typed with colons or its OLT interface by name, then it matches', () => {
    const onu = {
      type: 'onu',
      key: 'onu:a4c1e800007c',
      updatedAt: '2026-11-20T14:00:00.000Z',
      macAddress: 'A4C1E800007C',
      portNumber: 5,
    } as unknown as OnuRow;
    const labels = { values: {}, interfaces: { 5: 'OLT-TOR-1 1/1/5' } };
    expect(queryRows([onu], query({ search: ['a4:c1:e8'], labels })).matching).toHaveLength(1);
    expect(queryRows([onu], query({ search: ['tor-1 1/1/5'], labels })).matching).toHaveLength(1);
    expect(queryRows([onu], query({ search: ['tor-2'], labels })).matching).toHaveLength(0);
  });

  it('when the labels change, then the kept search texts are made again with the new ones', () => {
    const textOf = searchTexts();
    const row = rows[1]!;
    expect(textOf(row, { values: { offline: 'Offline' } })).toContain('offline');
    expect(textOf(row, { values: { offline: 'Hors ligne' } })).toContain('hors ligne');
  });
});

describe('queryRows: the sort and the page', () => {
  const rows = [sw('SW-10', 'online'), sw('SW-2', 'offline'), sw('SW-1', 'online')];

  it('when a column is sorted, then texts sort by their numbers, descending reverses, a second column breaks ties', () => {
    expect(names(queryRows(rows, query({ sort: [{ field: 'name', sort: 'asc' }] })).matching)).toEqual([
      'SW-1',
      'SW-2',
      'SW-10',
    ]);
    expect(names(queryRows(rows, query({ sort: [{ field: 'name', sort: 'desc' }] })).matching)).toEqual([
      'SW-10',
      'SW-2',
      'SW-1',
    ]);
    const byStatus = query({
      sort: [
        { field: 'status', sort: 'asc' },
        { field: 'name', sort: 'desc' },
      ],
    });
    expect(names(queryRows(rows, byStatus).matching)).toEqual(['SW-2', 'SW-10', 'SW-1']);
  });

  it('when a page is asked, then its rows are given; past the end, the last page', () => {
    const many = Array.from({ length: 5 }, (_, index) => sw(`SW-${index + 1}`, 'online'));
    const sort = [{ field: 'name', sort: 'asc' as const }];
    expect(names(queryRows(many, query({ sort, pageSize: 2, page: 1 })).page)).toEqual(['SW-3', 'SW-4']);
    expect(names(queryRows(many, query({ sort, pageSize: 2, page: 9 })).page)).toEqual(['SW-5']);
    expect(queryRows(many, query({ sort, pageSize: 2, page: 9 })).matching).toHaveLength(5);
  });
});
