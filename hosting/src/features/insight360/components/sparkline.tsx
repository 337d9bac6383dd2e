/** One sparkline of the look trend: its own chunk, so that the charts library loads after the view is drawn. */
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

export default function Sparkline({
  values,
  width,
  height,
}: {
  values: readonly number[];
  width: number;
  height: number;
}) {
  return <SparkLineChart data={[...values]} width={width} height={height} showHighlight showTooltip />;
}
