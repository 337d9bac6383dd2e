/**
 * The neighbours on the fibre: the device's PON port, how many ONUs share it, how many are down or low, and
 * the device and the neighbours that are not well with their state and receive power (every ONU of the port
 * on demand); a neighbour's MAC opens its own 360 view. The port page lists every ONU for the roles that
 * may open it (docs/diagnosis.md, "Neighbourhood").
 */
import { useState } from 'react';
import {
  Button,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { NeighbourhoodSection } from '@insight/common/customer360';
import { formatMac } from '@insight/common/mac';
import { AppLink } from '../../../components/app-link';
import { GradeChip, StatusChip } from '../../../components/grade-chip';
import { SectionCard, type SectionState } from '../../../components/section-card';
import { TableScroll } from '../../../components/table-scroll';
import { useNoCustomerNote } from './no-customer';

/** The port page's path of a port (shelf/slot/port as path segments). */
export const portPagePath = (olt: string, port: string) => `/i/port/${olt}/${port}`;

/** How many ONUs the view lists before "Show all": the device and the neighbours that are not well. */
export const NOTABLE_ONUS_MAX = 8;

/**
 * The ONUs the view lists first: the device itself, then the neighbours that are down or not on a passing
 * receive power, in the port's order, at most NOTABLE_ONUS_MAX. A healthy port of 32 lists one row, not 32:
 * what an agent compares with is what is wrong (the port page lists them all).
 */
export function notableOnus(onus: NeighbourhoodSection['onus']): NeighbourhoodSection['onus'] {
  const notable = onus.filter(
    (onu) =>
      onu.self || onu.status !== 'online' || (onu.rxPower.grade !== 'pass' && onu.rxPower.grade !== 'n/a'),
  );
  const self = notable.filter((onu) => onu.self);
  return [...self, ...notable.filter((onu) => !onu.self)].slice(0, NOTABLE_ONUS_MAX);
}

/** The port's counts in a sentence, and the list of its ONUs (the device's own row marked). */
export function NeighbourhoodPanel({
  section,
  portLink,
}: {
  section: NeighbourhoodSection;
  /** Shown to the roles that may open the port page. */
  portLink: boolean;
}) {
  const { t } = useTranslation('insight360');
  const { olt, port, split, status, counts, onus } = section;
  const [all, setAll] = useState(false);
  const shown = all ? onus : notableOnus(onus);
  return (
    <Stack spacing={1.5} data-testid="neighbourhood">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="p" data-testid="neighbourhood-port">
          {t('neighbourhood.port', { olt, port, split })}
        </Typography>
        {status === 'down' && <StatusChip grade="fail" label={t('neighbourhood.portDown')} />}
        {portLink && (
          <Link
            component={AppLink}
            href={portPagePath(olt, port)}
            variant="body2"
            data-testid="neighbourhood-port-link"
          >
            {t('neighbourhood.openPort')}
          </Link>
        )}
      </Stack>
      {counts.neighbours === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="neighbourhood-alone">
          {t('neighbourhood.alone')}
        </Typography>
      ) : (
        <Typography variant="body2" data-testid="neighbourhood-counts">
          {t('neighbourhood.counts', { ...counts })}
        </Typography>
      )}
      {counts.neighbours > 0 && <PortOnus onus={shown} port={port} />}
      {counts.neighbours > 0 && shown.length < onus.length && (
        <Button
          size="small"
          onClick={() => setAll(true)}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="neighbourhood-show-all"
        >
          {t('neighbourhood.showAll', { count: onus.length })}
        </Button>
      )}
    </Stack>
  );
}

/** Every ONU of a port: its MAC (a link to its 360 view), id, state and receive power. */
export function PortOnus({ onus, port }: Pick<NeighbourhoodSection, 'onus' | 'port'>) {
  const { t } = useTranslation('insight360');
  return (
    <TableScroll label={t('neighbourhood.list', { port })}>
      {/* A state or a power reads on one line; on a phone the table scrolls sideways instead. */}
      <Table
        size="small"
        aria-label={t('neighbourhood.list', { port })}
        data-testid="port-onus"
        sx={{ '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('neighbourhood.mac')}</TableCell>
            <TableCell>{t('neighbourhood.onuId')}</TableCell>
            <TableCell>{t('neighbourhood.state')}</TableCell>
            <TableCell>{t('neighbourhood.rxPower')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {onus.map((onu) => (
            <TableRow
              key={onu.mac}
              data-testid={`onu-${onu.mac}`}
              data-status={onu.status}
              selected={onu.self}
            >
              <TableCell>
                {/* "This device" goes under the MAC where the column is narrow. */}
                <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                  <Link component={AppLink} href={`/i/mac/${onu.mac}`} sx={{ whiteSpace: 'nowrap' }}>
                    {formatMac(onu.mac)}
                  </Link>
                  {onu.self && <Chip size="small" label={t('neighbourhood.thisDevice')} variant="outlined" />}
                </Stack>
              </TableCell>
              <TableCell>{onu.onuId}</TableCell>
              <TableCell>
                <StatusChip
                  grade={
                    onu.status === 'online' ? 'pass' : onu.lastDownCause === 'dyingGasp' ? 'warn' : 'fail'
                  }
                  label={
                    onu.status === 'online'
                      ? t('neighbourhood.online')
                      : onu.lastDownCause
                        ? t('neighbourhood.offlineBecause', {
                            cause: t(`neighbourhood.cause.${onu.lastDownCause}`),
                          })
                        : t('neighbourhood.offline')
                  }
                />
              </TableCell>
              <TableCell>{onu.status === 'online' ? <GradeChip grading={onu.rxPower} /> : '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

/** The neighbourhood's card: its own loading and error states (it never holds the findings back). */
export function NeighbourhoodCard({
  state,
  onRefresh,
  portLink,
}: {
  state: SectionState<NeighbourhoodSection>;
  onRefresh(): void;
  portLink: boolean;
}) {
  const { t } = useTranslation('insight360');
  const errorNote = useNoCustomerNote();
  return (
    <SectionCard
      title={t('neighbourhood.title')}
      errorNote={errorNote}
      name={t('sections.neighbourhood')}
      state={state}
      onRefresh={onRefresh}
      testId="section-neighbourhood"
    >
      {(section) => <NeighbourhoodPanel section={section} portLink={portLink} />}
    </SectionCard>
  );
}
