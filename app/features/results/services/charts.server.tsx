import { renderToStaticMarkup } from "react-dom/server";
import {
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryContainer,
  VictoryLabel,
  VictoryLegend,
  VictoryPie,
} from "victory";
import {
  availabilityChartHeight,
  countLabel,
  countriesAxisMax,
  type Chart,
  type Slice,
} from "~/features/results/lib/results";
import { keepsState } from "~/platform/lib/module-state";

// Rendered on the server only: the page gets finished SVG, and no Victory code reaches the browser.

const INK = "#1f2a37";
const PALETTE = ["#b8471c", "#1f7a8c", "#fca311", "#14213d"];
const EMPTY = "#e3ddd2";
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
/**
 * Every chart is drawn WIDTH units wide and the page scales it to its column (never above WIDTH
 * px, see results.css). On a 390 px phone the column is about 316 px, so 16-unit text shows at
 * about 12.6 CSS px: the smallest size we allow (at least 12 px at 390 px wide, docs/decisions/009-server-charts.md).
 */
export const CHART_WIDTH = 400;
export const CHART_FONT_SIZE = 16;
const text = { fontFamily: FONT, fontSize: CHART_FONT_SIZE, fill: INK };

function container(chart: Chart) {
  const summary = chart.slices.map((slice) => `${slice.label}: ${countLabel(slice)}`).join("; ");
  return <VictoryContainer title={chart.title} desc={summary} containerId={`chart-${chart.key}`} />;
}

function barChart(chart: Chart, options: { height: number; left: number; max: number }) {
  const data = chart.slices.map((slice) => ({ x: slice.label, y: slice.count, label: countLabel(slice) }));
  return (
    <VictoryChart
      horizontal
      width={CHART_WIDTH}
      height={options.height}
      padding={{ top: 20, bottom: 50, left: options.left, right: 100 }}
      domain={{ y: [0, Math.max(options.max, 1)] }}
      domainPadding={{ x: 12 }}
      containerComponent={container(chart)}
    >
      <VictoryAxis
        // Categories read top to bottom in the spec's order.
        invertAxis
        style={{ tickLabels: text, axis: { stroke: INK } }}
      />
      <VictoryAxis
        dependentAxis
        tickFormat={(tick: number) => (Number.isInteger(tick) ? String(tick) : "")}
        style={{ tickLabels: text, grid: { stroke: EMPTY }, axis: { stroke: INK } }}
      />
      <VictoryBar
        data={data}
        barWidth={Math.min(22, (options.height - 70) / Math.max(data.length, 1) - 6)}
        style={{ data: { fill: PALETTE[1] }, labels: text }}
        labelComponent={<VictoryLabel dx={4} />}
      />
    </VictoryChart>
  );
}

const PIE_SIZE = 240;
// Victory spaces legend rows by font size, symbol padding and the gutter: about 33 units at 16.
const LEGEND_ROW = 34;

/**
 * A pie with its labels in a legend underneath: one row per answer (swatch, answer, count and
 * percent), so no label ever sits on a slice or on another label, however thin the slice.
 */
function pieChart(chart: Chart) {
  const colours = chart.slices.map((_, index) => PALETTE[index % PALETTE.length]);
  const answered = chart.slices.filter((slice) => slice.count > 0);
  const shown = answered.length
    ? answered.map((slice: Slice) => ({
        x: slice.label,
        y: slice.count,
        fill: colours[chart.slices.indexOf(slice)],
      }))
    : [{ x: "none", y: 1, fill: EMPTY }];
  const legend = answered.length
    ? chart.slices.map((slice, index) => ({
        name: `${slice.label}: ${countLabel(slice)}`,
        symbol: { fill: colours[index], type: "square" },
      }))
    : [{ name: "No answers yet", symbol: { fill: EMPTY, type: "square" } }];
  const height = PIE_SIZE + 24 + legend.length * LEGEND_ROW;
  return (
    <VictoryContainer
      width={CHART_WIDTH}
      height={height}
      title={chart.title}
      desc={legend.map((entry) => entry.name).join("; ")}
      containerId={`chart-${chart.key}`}
    >
      <VictoryPie
        standalone={false}
        width={CHART_WIDTH}
        height={PIE_SIZE}
        padding={10}
        data={shown}
        labels={() => null}
        style={{
          data: { fill: ({ datum }) => (datum as { fill: string }).fill, stroke: "#fff", strokeWidth: 2 },
        }}
      />
      <VictoryLegend
        standalone={false}
        x={40}
        y={PIE_SIZE + 8}
        orientation="vertical"
        rowGutter={0}
        data={legend}
        style={{ labels: text }}
      />
    </VictoryContainer>
  );
}

/** One chart as a standalone SVG string (inside Victory's wrapping div). */
export function renderChart(chart: Chart): string {
  if (chart.key === "availability") {
    const respondents = chart.slices.reduce((most, slice) => Math.max(most, slice.count), 0);
    return renderToStaticMarkup(
      barChart(chart, {
        height: availabilityChartHeight(chart.slices.length),
        left: 160,
        max: respondents + 1,
      }),
    );
  }
  if (chart.kind === "bar") {
    return renderToStaticMarkup(
      barChart(chart, { height: 230, left: 80, max: countriesAxisMax(chart.slices) }),
    );
  }
  return renderToStaticMarkup(pieChart(chart));
}

let last: { key: string; rendered: Array<Chart & { svg: string }> } | undefined;
keepsState(() => (last = undefined));

/** All charts as SVG; the same numbers reuse the last rendering, since Victory is the costly part. */
export function renderCharts(charts: Chart[]): Array<Chart & { svg: string }> {
  const key = JSON.stringify(charts);
  if (last?.key !== key)
    last = { key, rendered: charts.map((chart) => ({ ...chart, svg: renderChart(chart) })) };
  return last.rendered;
}
