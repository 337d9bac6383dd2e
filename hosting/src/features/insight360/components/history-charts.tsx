/**
 * The History card's charts (the charts library): its own chunk, loaded once the card nears the screen.
 * A gap in a series (null) is drawn as a gap, never as zero; the optical powers are drawn over the
 * threshold rules' pass band (green) and warn bands (amber).
 */
import { useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import type { HistoryBands, HistoryRange as ValueRange } from '@insight/common/history';
import { useFormatDateTime, useFormatTime } from '../../../lib/date';
import { podColor, type HistoryRange } from './history-series';

export interface ChartProps {
  /** Each point's time, epoch ms. */
  times: readonly number[];
  range: HistoryRange;
  height: number;
  /** How a value reads in the tooltip (null: no data). */
  formatValue(value: number | null): string;
}

/** Room around the plot; the week's ticks (a date and a time) need more on the right. */
const MARGIN = { left: 4, right: 16, top: 8, bottom: 4 } as const;

/**
 * What every chart of the card shares: its height, its margins and its time axis (the time of day on the
 * ticks over 24 h, the date and time over 7 days, both in the tooltip); no animation.
 */
function useChartFrame(times: readonly number[], range: HistoryRange, height: number) {
  const formatDateTime = useFormatDateTime();
  const formatTime = useFormatTime();
  return {
    height,
    margin: { ...MARGIN, right: range === 'week' ? 40 : MARGIN.right },
    xAxis: [
      {
        data: times.map((time) => new Date(time)),
        scaleType: 'time' as const,
        tickNumber: range === 'day' ? 5 : 3,
        valueFormatter: (date: Date, context: { location: string }) =>
          context.location === 'tick' && range === 'day' ? formatTime(date) : formatDateTime(date),
      },
    ],
    skipAnimation: true,
  };
}

/** The pass and warn bands, drawn under the line across the plot. */
function Bands({ bands }: { bands: HistoryBands }) {
  const area = useDrawingArea();
  const y = useYScale<'linear'>();
  const theme = useTheme();
  const top = area.top;
  const bottom = area.top + area.height;
  const clamp = (value: number) => Math.min(bottom, Math.max(top, value));
  const rect = (range: ValueRange, color: string, key: string) => {
    const from = range.max === null ? top : clamp(y(range.max));
    const to = range.min === null ? bottom : clamp(y(range.min));
    if (to <= from) return null;
    return (
      <rect
        key={key}
        data-band={key}
        x={area.left}
        width={area.width}
        y={from}
        height={to - from}
        fill={color}
        fillOpacity={0.16}
        pointerEvents="none"
      />
    );
  };
  return (
    <g>
      {bands.pass && rect(bands.pass, theme.palette.success.main, 'pass')}
      {bands.warn.map((range, index) => rect(range, theme.palette.warning.main, `warn-${index}`))}
    </g>
  );
}

/** The y axis's reach: every value and the bands' finite bounds, a little room around them. */
function reachOf(values: ReadonlyArray<number | null>, bands: HistoryBands | undefined) {
  const bounds = [
    ...values,
    ...(bands ? [bands.pass, ...bands.warn].flatMap((range) => (range ? [range.min, range.max] : [])) : []),
  ].filter((value): value is number => typeof value === 'number');
  if (bounds.length === 0) return {};
  const min = Math.min(...bounds);
  const max = Math.max(...bounds);
  const room = Math.max(1, (max - min) * 0.1);
  return { min: Math.floor(min - room), max: Math.ceil(max + room) };
}

export type OpticalChartProps = ChartProps & {
  values: ReadonlyArray<number | null>;
  label: string;
  bands: HistoryBands | undefined;
};
export type WifiChartProps = ChartProps & {
  pods: ReadonlyArray<{ label: string; health: ReadonlyArray<number | null> }>;
};

/** One chart of the card: an optical power or the pods' Wi-Fi health (one chunk, one loader). */
export default function HistoryChart(
  props: ({ kind: 'optical' } & OpticalChartProps) | ({ kind: 'wifi' } & WifiChartProps),
) {
  return props.kind === 'optical' ? <OpticalChart {...props} /> : <WifiChart {...props} />;
}

/** One optical power over the window, with its bands. */
function OpticalChart({ times, range, height, formatValue, values, label, bands }: OpticalChartProps) {
  const theme = useTheme();
  const frame = useChartFrame(times, range, height);
  return (
    <LineChart
      {...frame}
      yAxis={[{ ...reachOf(values, bands), width: 40 }]}
      series={[
        {
          data: [...values],
          label,
          color: theme.palette.primary.main,
          showMark: false,
          connectNulls: false,
          valueFormatter: (value) => formatValue(value),
        },
      ]}
      hideLegend
    >
      {bands && <Bands bands={bands} />}
    </LineChart>
  );
}

/** Each pod's Wi-Fi health (0 to 100) over the window. */
function WifiChart({ times, range, height, formatValue, pods }: WifiChartProps) {
  const theme = useTheme();
  const frame = useChartFrame(times, range, height);
  return (
    <LineChart
      {...frame}
      yAxis={[{ min: 0, max: 100, width: 40 }]}
      series={pods.map((pod, index) => ({
        data: [...pod.health],
        label: pod.label,
        color: theme.palette[podColor(index)].main,
        showMark: false,
        connectNulls: false,
        valueFormatter: (value: number | null) => formatValue(value),
      }))}
      // The card writes the pods' key outside the chart's box: the box keeps its height.
      hideLegend
    />
  );
}
