import type { ScenePlan } from './plan';
import { backdropLayer } from './backdrop';
import { discLayer, orbLayer, rainLayer, starLayer } from './svg-sky';
import { flowerLayer, fogBand, ridgeLayer, waterLayer } from './svg-land';
import { castle, city, lighthouse, oddityLayer } from './svg-objects';
import type { Ctx, View } from './svg-doc';
import { FULL_VIEW, Frame, SvgDoc } from './svg-doc';

/** Draws a plan as one SVG document, back to front, so rsvg does all the pixel work natively. */
export function sceneSvg(
  plan: ScenePlan,
  width: number,
  height: number,
  view: View = FULL_VIEW,
): string {
  const doc = new SvgDoc();
  const f = new Frame(width, height, view);
  const wrap = (xml: string): string =>
    plan.tile && xml.length > 0
      ? `${xml}<g transform="translate(${-width} 0)">${xml}</g><g transform="translate(${width} 0)">${xml}</g>`
      : xml;
  const c: Ctx = { doc, f, wrap };
  const layers: string[] = [
    backdropLayer(c, plan),
    starLayer(c, plan),
    orbLayer(c, plan),
    discLayer(c, plan),
  ];
  const last = plan.ridges.length - 1;
  plan.ridges.forEach((r, k) => {
    layers.push(ridgeLayer(c, plan, k));
    if (k === 0) layers.push(...structures(c, plan, 'city'));
    if (k === Math.max(0, last - 1)) layers.push(...structures(c, plan, 'castle'));
    // Mist pools in the valley in front of every layer but the nearest.
    if (k < last) layers.push(fogBand(c, plan, r.base, plan.fog * 0.6));
  });
  layers.push(waterLayer(c, plan));
  if (plan.water) layers.push(fogBand(c, plan, plan.horizon, plan.fog * 0.6));
  layers.push(...structures(c, plan, 'lighthouse'));
  layers.push(flowerLayer(c, plan), oddityLayer(c, plan), rainLayer(c, plan));
  return doc.render(width, height, layers.join(''));
}

function structures(c: Ctx, plan: ScenePlan, kind: 'city' | 'castle' | 'lighthouse'): string[] {
  const draw = { city, castle, lighthouse }[kind];
  return plan.structures.filter((s) => s.kind === kind).map((s) => draw(c, plan, s));
}
