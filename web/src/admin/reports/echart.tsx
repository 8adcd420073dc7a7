import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';

// Only the pieces the five charts use, so the lazily loaded chunk stays small (tree-shaken echarts/core).
use([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  AriaComponent,
  SVGRenderer,
]);

/**
 * One Apache ECharts chart, drawn as SVG and resized with its box (360 px screens included). The
 * chart is a picture for sighted users: `label` names it, and the card's table view is the
 * accessible alternative.
 */
export default function EChart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    chart.setOption({ aria: { enabled: true, label: { description: label } }, ...option });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option, label]);
  return <div ref={box} role="img" aria-label={label} className={css({ w: 'full', h: '72' })} />;
}
