/**
 * The dashboard's GGR chart: ECharts (tree-shaken: bars, grid, tooltip, legend, canvas), in a chunk of
 * its own that admin-dashboard.tsx loads with a dynamic import, so neither the player's bundle nor the
 * back office's first chunk carries it.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface GgrSeries {
  name: string;
  color: string;
  /** USD per day (numbers only for drawing; the figures shown in text stay decimal strings). */
  values: number[];
}

export interface GgrChartInput {
  days: string[];
  series: GgrSeries[];
  text: string;
  muted: string;
  grid: string;
  tooltipBg: string;
  format: (value: number) => string;
}

function option(input: GgrChartInput) {
  const compact = input.days.length > 14;
  return {
    animationDuration: 400,
    textStyle: { fontFamily: 'inherit', color: input.muted },
    grid: { left: 8, right: 12, top: 36, bottom: 8, containLabel: true },
    legend: {
      top: 0,
      left: 0,
      icon: 'roundRect',
      itemWidth: 10,
      itemHeight: 10,
      textStyle: { color: input.muted, fontSize: 12 },
    },
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'shadow' as const },
      backgroundColor: input.tooltipBg,
      borderColor: input.grid,
      textStyle: { color: input.text, fontSize: 12 },
      valueFormatter: (value: unknown) => input.format(Number(value)),
    },
    xAxis: {
      type: 'category' as const,
      data: input.days.map((d) => d.slice(5)),
      axisLine: { lineStyle: { color: input.grid } },
      axisTick: { show: false },
      axisLabel: { color: input.muted, fontSize: 11, hideOverlap: true, interval: compact ? 'auto' : 0 },
    },
    yAxis: {
      type: 'value' as const,
      splitLine: { lineStyle: { color: input.grid, type: 'dashed' as const } },
      axisLabel: { color: input.muted, fontSize: 11, formatter: (v: number) => input.format(v) },
    },
    series: input.series.map((s) => ({
      name: s.name,
      type: 'bar' as const,
      stack: 'ggr',
      barMaxWidth: 28,
      itemStyle: { color: s.color, borderRadius: 2 },
      emphasis: { focus: 'series' as const },
      data: s.values,
    })),
  };
}

/** Draws the chart into `element`; the answer redraws it and disposes of it. */
export function mountGgrChart(element: HTMLElement, input: GgrChartInput) {
  const chart: echarts.EChartsType = echarts.init(element, undefined, { renderer: 'canvas' });
  chart.setOption(option(input));
  const resize = new ResizeObserver(() => chart.resize());
  resize.observe(element);
  return {
    update(next: GgrChartInput) {
      chart.setOption(option(next), { notMerge: true });
    },
    dispose() {
      resize.disconnect();
      chart.dispose();
    },
  };
}
