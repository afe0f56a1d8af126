import { renderToStaticMarkup } from "react-dom/server";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryLabel, VictoryPie } from "victory";
import { availabilityChartHeight, countLabel, countriesAxisMax, type Chart, type Slice } from "~/lib/results";

// Rendered on the server only: the page gets finished SVG, and no Victory code reaches the browser.

const INK = "#1f2a37";
const PALETTE = ["#d9572b", "#1f7a8c", "#fca311", "#14213d"];
const EMPTY = "#e3ddd2";
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
// Large enough to stay legible when a 360 px phone scales the SVG down.
const text = { fontFamily: FONT, fontSize: 16, fill: INK };

function container(chart: Chart) {
  const summary = chart.slices.map((slice) => `${slice.label}: ${countLabel(slice)}`).join("; ");
  return <VictoryContainer title={chart.title} desc={summary} containerId={`chart-${chart.key}`} />;
}

function barChart(chart: Chart, options: { height: number; left: number; max: number }) {
  const data = chart.slices.map((slice) => ({ x: slice.label, y: slice.count, label: countLabel(slice) }));
  return (
    <VictoryChart
      horizontal
      width={460}
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

function pieChart(chart: Chart) {
  const slices = chart.slices.filter((slice) => slice.count > 0);
  const colours = chart.slices.map((_, index) => PALETTE[index % PALETTE.length]);
  const shown: Array<{ x: string; y: number; label: string; fill: string }> = slices.length
    ? slices.map((slice: Slice) => ({
        x: slice.label,
        y: slice.count,
        label: `${slice.label.replace(" & ", " &\n")}\n${countLabel(slice)}`,
        fill: colours[chart.slices.indexOf(slice)],
      }))
    : [{ x: "none", y: 1, label: "No answers yet", fill: EMPTY }];
  return (
    <VictoryPie
      width={420}
      height={360}
      padding={{ top: 50, bottom: 50, left: 90, right: 90 }}
      data={shown}
      radius={110}
      labelRadius={125}
      labelPlacement="vertical"
      style={{
        data: { fill: ({ datum }) => (datum as { fill: string }).fill, stroke: "#fff", strokeWidth: 2 },
        labels: text,
      }}
      containerComponent={container(chart)}
    />
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

/** All charts as SVG; the same numbers reuse the last rendering, since Victory is the costly part. */
export function renderCharts(charts: Chart[]): Array<Chart & { svg: string }> {
  const key = JSON.stringify(charts);
  if (last?.key !== key)
    last = { key, rendered: charts.map((chart) => ({ ...chart, svg: renderChart(chart) })) };
  return last.rendered;
}
