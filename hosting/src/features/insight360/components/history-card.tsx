/**
 * The History card (docs/features.md, "History"): the device's optical powers against the threshold rules'
 * bands, its link state as a timeline with each loss of signal and dying gasp marked, and the Wi-Fi health
 * of each pod, over 24 hours or 7 days. Its own card and request: nothing else in the view waits for it, and
 * a failed history store is said here alone. The captions, the timeline and each chart's box are drawn at
 * once; the charts library fills the boxes once the card is on screen (as the look trend does), so nothing
 * under it moves. Every point is also a table, shown on demand, in the page's date format.
 */
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HISTORY_BANDED, type HistoryBands, type HistorySection } from '@insight/common/history';
import { formatRange } from '@insight/common/threshold-grading';
import { useNumber } from '../../../components/grade-chip';
import { SectionCard } from '../../../components/section-card';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { useFormatDateTime } from '../../../lib/date';
import { useDeviceHistory } from '../api/history';
import { useNoCustomerNote } from './no-customer';
import {
  fractionOf,
  historyWindow,
  isEmptyHistory,
  linkRuns,
  podColor,
  HISTORY_RANGES,
  type HistoryRange,
  type HistoryWindow,
  type LinkState,
} from './history-series';

const HistoryChart = lazy(() => import('./history-charts'));

/** Each chart's box, reserved before the chart loads. */
const HEIGHT = { optical: 140, wifi: 180 } as const;
const UNIT = { optical: 'dBm' } as const;

/** The store failed (its error, or no answer in time): said as the store's; any other error as the card's. */
const STORE_CODES = new Set(['upstream_error', 'upstream_timeout']);

export function HistoryCard({ mac }: { mac: string }) {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const history = useDeviceHistory(mac);
  // A MAC no customer is known for: a note, as the device cards say it, not an error.
  const errorNote = useNoCustomerNote();
  return (
    <SectionCard
      title={t('history.title')}
      name={t('history.name')}
      state={history}
      onRefresh={() => void history.refresh()}
      testId="section-history"
      errorNote={errorNote}
      errorMessage={(error) =>
        STORE_CODES.has(error.code)
          ? t('history.storeFailed', { message: te(`codes.${error.code}`) })
          : t('sectionCard.error', {
              ns: 'common',
              name: t('history.title'),
              message: te(`codes.${error.code}`),
            })
      }
    >
      {(section) => <HistoryPanel section={section} />}
    </SectionCard>
  );
}

/**
 * The last 24 hours first: what an agent is asked about ("it dropped this morning", "every evening") shows
 * there, and a day is a seventh of the points to draw on a phone; the week is one press away.
 */
const DEFAULT_RANGE: HistoryRange = 'day';

export function HistoryPanel({ section }: { section: HistorySection }) {
  const { t } = useTranslation('insight360');
  const [range, setRange] = useState<HistoryRange>(DEFAULT_RANGE);
  const [panelRef, nearScreen] = useNearViewport<HTMLDivElement>('0px');
  const shown = useMemo(() => historyWindow(section, range), [section, range]);
  if (isEmptyHistory(section))
    return (
      <Typography variant="body2" color="text.secondary" data-testid="history-empty">
        {t('history.empty')}
      </Typography>
    );
  return (
    <Stack ref={panelRef} spacing={2} data-testid="history" data-range={range}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={range}
        onChange={(_event, next: HistoryRange | null) => next && setRange(next)}
        aria-label={t('history.range')}
      >
        {HISTORY_RANGES.map((value) => (
          <ToggleButton key={value} value={value} data-testid={`history-range-${value}`}>
            {t(`history.ranges.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <OpticalPart shown={shown} range={range} bands={section.bands} nearScreen={nearScreen} />
      <LinkPart shown={shown} />
      <WifiPart shown={shown} range={range} nearScreen={nearScreen} />
    </Stack>
  );
}

/** A part of the card: its heading (h3, under the card's h2), its content and its table on demand. */
function Part({
  id,
  title,
  children,
  table,
}: {
  id: string;
  title: string;
  children: ReactNode;
  table: () => ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Typography variant="subtitle2" component="h3" id={`${id}-title`} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
      <ValuesTable title={title}>{table}</ValuesTable>
    </Box>
  );
}

/** A chart's reserved box: empty until the card is on screen and the charts' code has loaded. */
function ChartBox({
  label,
  height,
  nearScreen,
  children,
}: {
  label: string;
  height: number;
  nearScreen: boolean;
  children: ReactNode;
}) {
  const empty = <Box sx={{ height }} />;
  return (
    <Box role="img" aria-label={label} sx={{ height }} data-testid="history-chart">
      {nearScreen ? <Suspense fallback={empty}>{children}</Suspense> : empty}
    </Box>
  );
}

/** Shows the part's values as a table (every point, in the page's date format) on demand. */
function ValuesTable({ title, children }: { title: string; children: () => ReactNode }) {
  const { t } = useTranslation('insight360');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={id}
        data-testid="history-table-toggle"
        sx={{ mt: 0.5 }}
      >
        {t(open ? 'history.hideTable' : 'history.showTable')}
      </Button>
      <Box
        id={id}
        hidden={!open}
        role={open ? 'region' : undefined}
        aria-label={open ? t('history.tableOf', { part: title }) : undefined}
        tabIndex={open ? 0 : undefined}
        sx={{
          maxHeight: 320,
          overflow: 'auto',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {open && children()}
      </Box>
    </>
  );
}

function useValue(unit: string) {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  return (value: number | null) =>
    value === null ? t('history.noData') : `${number(value)}${unit ? ` ${unit}` : ''}`;
}

/**
 * A table of text: a caption, its column headers, and rows whose first cell heads the row (a time, a
 * state). One row per point can be long: the frame around it scrolls.
 */
function TextTable({
  caption,
  headers,
  rows,
  testId,
}: {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<{ key: string | number; cells: readonly string[] }>;
  testId: string;
}) {
  return (
    <Table size="small" data-testid={testId}>
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          {headers.map((header) => (
            <TableCell key={header} component="th" scope="col">
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, index) => (
              <TableCell
                key={index}
                {...(index === 0 ? { component: 'th', scope: 'row' } : {})}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Every point of a part: its time, in the page's date format, and its values. */
function PointsTable({
  caption,
  times,
  columns,
}: {
  caption: string;
  times: readonly number[];
  columns: ReadonlyArray<{
    label: string;
    values: ReadonlyArray<number | null>;
    format(value: number | null): string;
  }>;
}) {
  const { t } = useTranslation('insight360');
  const formatDateTime = useFormatDateTime();
  return (
    <TextTable
      caption={caption}
      testId="history-table"
      headers={[t('history.time'), ...columns.map((column) => column.label)]}
      rows={times.map((time, index) => ({
        key: time,
        cells: [
          formatDateTime(time),
          ...columns.map((column) => column.format(column.values[index] ?? null)),
        ],
      }))}
    />
  );
}

/** The bands in words, as the threshold screens write a range. */
function BandsText({ bands }: { bands: HistoryBands | undefined }) {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  if (!bands) return null;
  const text = (range: { min: number | null; max: number | null }) =>
    formatRange({ rangeMin: range.min, rangeMax: range.max, alphaValue: null }, UNIT.optical, number);
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="history-bands">
      {[
        bands.pass ? t('history.passBand', { range: text(bands.pass) }) : null,
        bands.warn.length > 0
          ? t('history.warnBand', { ranges: bands.warn.map(text).join(t('history.or')) })
          : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Typography>
  );
}

function OpticalPart({
  shown,
  range,
  bands,
  nearScreen,
}: {
  shown: HistoryWindow;
  range: HistoryRange;
  bands: HistorySection['bands'];
  nearScreen: boolean;
}) {
  const { t } = useTranslation('insight360');
  const value = useValue(UNIT.optical);
  const period = t(`history.ranges.${range}`);
  const title = t('history.optical');
  return (
    <Part
      id="history-optical"
      title={title}
      table={() => (
        <PointsTable
          caption={t('history.tableOf', { part: title })}
          times={shown.times}
          columns={HISTORY_BANDED.map((key) => ({
            label: t(`history.series.${key}`),
            values: shown[key],
            format: value,
          }))}
        />
      )}
    >
      <Stack spacing={1.5}>
        {HISTORY_BANDED.map((key) => {
          const label = t(`history.series.${key}`);
          return (
            <Box key={key} data-testid={`history-${key}`}>
              <Typography variant="caption" component="p">
                {label}
              </Typography>
              {!bands?.[key] && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {t('history.noBands')}
                </Typography>
              )}
              <BandsText bands={bands?.[key]} />
              <ChartBox
                label={t('history.chartLabel', { chart: label, period })}
                height={HEIGHT.optical}
                nearScreen={nearScreen}
              >
                <HistoryChart
                  kind="optical"
                  times={shown.times}
                  range={range}
                  height={HEIGHT.optical}
                  formatValue={value}
                  values={shown[key]}
                  label={label}
                  bands={bands?.[key]}
                />
              </ChartBox>
            </Box>
          );
        })}
      </Stack>
    </Part>
  );
}

const STATE_COLOR: Record<LinkState, string> = {
  up: 'success.main',
  down: 'error.main',
  none: 'transparent',
};

/** The link state as a bar of runs, each loss of signal marked above it and each dying gasp below. */
function LinkPart({ shown }: { shown: HistoryWindow }) {
  const { t } = useTranslation('insight360');
  const formatDateTime = useFormatDateTime();
  const runs = useMemo(() => linkRuns(shown.times, shown.up), [shown]);
  const los = shown.events.filter((event) => event.kind === 'los').length;
  const dyingGasp = shown.events.length - los;
  const title = t('history.link');
  const start = shown.times[0];
  const end = shown.times.at(-1);
  const percent = (at: number) => `${(fractionOf(at, shown.times) * 100).toFixed(3)}%`;
  return (
    <Part
      id="history-link"
      title={title}
      table={() => (
        <>
          <TextTable
            caption={t('history.runsCaption')}
            testId="history-table"
            headers={[t('history.state'), t('history.from'), t('history.to')]}
            rows={runs.map((run) => ({
              key: run.from,
              cells: [t(`history.states.${run.state}`), formatDateTime(run.from), formatDateTime(run.to)],
            }))}
          />
          <TextTable
            caption={t('history.eventsCaption', { count: shown.events.length })}
            testId="history-events-table"
            headers={[t('history.time'), t('history.event')]}
            rows={shown.events.map((event, index) => ({
              key: `${event.at}-${event.kind}-${index}`,
              cells: [formatDateTime(event.at), t(`history.events.${event.kind}`)],
            }))}
          />
        </>
      )}
    >
      <Box
        role="img"
        aria-label={t('history.timelineLabel', { los, dyingGasp })}
        data-testid="history-timeline"
        data-los={los}
        data-dying-gasp={dyingGasp}
        sx={{ position: 'relative', height: 40, mx: 0.75 }}
      >
        <Box
          sx={{
            position: 'absolute',
            top: 12,
            height: 14,
            left: 0,
            right: 0,
            border: 1,
            borderColor: 'divider',
            // No data: stripes, neither up nor down.
            backgroundImage: (theme) =>
              `repeating-linear-gradient(45deg, transparent 0 4px, ${theme.palette.action.disabled} 4px 5px)`,
          }}
        >
          {runs.map((run) => (
            <Box
              key={run.from}
              data-testid="history-run"
              data-state={run.state}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: percent(run.from),
                width: `calc(${percent(run.to)} - ${percent(run.from)})`,
                minWidth: run.state === 'down' ? 2 : 0,
                bgcolor: STATE_COLOR[run.state],
              }}
            />
          ))}
        </Box>
        {shown.events.map((event, index) => (
          <Box
            key={`${event.at}-${event.kind}-${index}`}
            data-testid="history-event"
            data-kind={event.kind}
            title={`${t(`history.events.${event.kind}`)} · ${formatDateTime(event.at)}`}
            sx={{
              position: 'absolute',
              left: percent(Date.parse(event.at)),
              transform: 'translateX(-50%)',
              width: 0,
              height: 0,
              borderLeft: '5px solid transparent',
              borderRight: '5px solid transparent',
              ...(event.kind === 'los'
                ? { top: 2, borderTop: '9px solid', borderTopColor: 'error.dark' }
                : { top: 28, borderBottom: '9px solid', borderBottomColor: 'warning.dark' }),
            }}
          />
        ))}
      </Box>
      {start !== undefined && end !== undefined && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(start)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(end)}
          </Typography>
        </Stack>
      )}
      <Typography variant="body2" data-testid="history-event-counts">
        {t('history.eventCounts', { los, dyingGasp })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('history.timelineKey')}
      </Typography>
    </Part>
  );
}

function WifiPart({
  shown,
  range,
  nearScreen,
}: {
  shown: HistoryWindow;
  range: HistoryRange;
  nearScreen: boolean;
}) {
  const { t } = useTranslation('insight360');
  const score = useValue('');
  const title = t('history.wifi');
  const pods = shown.pods
    .filter((pod) => pod.health.some((value) => value !== null))
    .map((pod) => ({ label: t('history.pod', { pod: pod.pod }), health: pod.health }));
  const clients = shown.clients.filter((value): value is number => value !== null);
  return (
    <Part
      id="history-wifi"
      title={title}
      table={() => (
        <PointsTable
          caption={t('history.tableOf', { part: title })}
          times={shown.times}
          columns={[
            ...pods.map((pod) => ({ label: pod.label, values: pod.health, format: score })),
            { label: t('history.clients'), values: shown.clients, format: score },
          ]}
        />
      )}
    >
      {pods.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="history-no-wifi">
          {t('history.noWifi')}
        </Typography>
      ) : (
        <ChartBox
          label={t('history.chartLabel', { chart: title, period: t(`history.ranges.${range}`) })}
          height={HEIGHT.wifi}
          nearScreen={nearScreen}
        >
          <HistoryChart
            kind="wifi"
            times={shown.times}
            range={range}
            height={HEIGHT.wifi}
            formatValue={score}
            pods={pods}
          />
        </ChartBox>
      )}
      {pods.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
          data-testid="history-pods"
        >
          {pods.map((pod, index) => (
            <Stack key={pod.label} component="li" direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Box
                aria-hidden
                sx={{ width: 14, height: 3, borderRadius: 1, bgcolor: `${podColor(index)}.main` }}
              />
              <Typography variant="caption">{pod.label}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {clients.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="history-clients">
          {t('history.clientsSummary', { last: clients.at(-1), most: Math.max(...clients) })}
        </Typography>
      )}
    </Part>
  );
}
