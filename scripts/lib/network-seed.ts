/**
 * Demo network lists consistent with the simulator's customers: every head end (the WAN networkGroup,
 * `ON-OTT-02`) and every OLT (`OLT-OTT-7`, shown as the 360 view's CMTS) that a 360 view can show exists
 * here, plus DOCSIS CMTS rows, several hundred in all across Ontario and Quebec. Every row passes the
 * common/ schema that the forms and the rules use.
 */
import { cmtsFieldsSchema, areaFieldsSchema, type CmtsFields } from '@insight/common/network';
import { CITIES } from '../../simulator/src/catalogue/places';

export interface NetworkSeed {
  headEnds: Array<{ id: string; name: string }>;
  marketAreas: Array<{ id: string; name: string }>;
  cmts: CmtsFields[];
}

/** Head ends per city, as the simulator draws them (`${province}-${code}-0${1..3}`). */
const HEAD_ENDS_PER_CITY = 3;
/** OLTs per city, as the simulator draws them (`OLT-${code}-${1..12}`). */
const OLTS_PER_CITY = 12;
const CMTS_PER_CITY = 12;

const plainName = (city: string) => city.replace(/-/g, ' ');
const pad = (n: number) => String(n).padStart(2, '0');

export function networkSeed(day = Date.UTC(2026, 10, 1)): NetworkSeed {
  const seed: NetworkSeed = { headEnds: [], marketAreas: [], cmts: [] };
  (['ON', 'QC'] as const).forEach((province, p) =>
    CITIES[province].forEach(({ city, code }, c) => {
      const area = { id: `MA-${code}`, name: plainName(city) };
      seed.marketAreas.push(area);
      for (let h = 1; h <= HEAD_ENDS_PER_CITY; h += 1)
        seed.headEnds.push({ id: `${province}-${code}-0${h}`, name: `${plainName(city)} ${pad(h)}` });
      const row = (cmtsId: string, n: number, kind: 'olt' | 'cmts'): CmtsFields =>
        cmtsFieldsSchema.parse({
          cmtsId,
          hostName: `${cmtsId.toLowerCase()}.${province.toLowerCase()}.insight.demo`,
          ipLookup: `10.${kind === 'olt' ? 10 + p : 20 + p}.${c + 1}.${n}`,
          ipManage: `172.${kind === 'olt' ? 16 + p : 24 + p}.${c + 1}.${n}`,
          headEnd: `${province}-${code}-0${((n - 1) % HEAD_ENDS_PER_CITY) + 1}`,
          marketArea: area.id,
          group: kind === 'olt' ? 'Fibre' : 'DOCSIS',
          versionId: kind === 'olt' ? `R6.${n % 4}.2` : `16.12.${n % 3}`,
          configLastUpdated: new Date(day - (n * 7 + c) * 3_600_000),
          overrideIpChecks: false,
        });
      for (let n = 1; n <= OLTS_PER_CITY; n += 1) seed.cmts.push(row(`OLT-${code}-${n}`, n, 'olt'));
      for (let n = 1; n <= CMTS_PER_CITY; n += 1) seed.cmts.push(row(`CMTS-${code}-${pad(n)}`, n, 'cmts'));
    }),
  );
  for (const entry of [...seed.headEnds, ...seed.marketAreas]) areaFieldsSchema.parse({ name: entry.name });
  return seed;
}
