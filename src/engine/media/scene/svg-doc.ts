import type { Rgb } from './colour';
import { hex } from './colour';

/** Which part of the scene's frame (u, v in 0..1) the pixels show; pan will move it. */
export interface View {
  u0: number;
  v0: number;
  du: number;
  dv: number;
}

export const FULL_VIEW: View = { u0: 0, v0: 0, du: 1, dv: 1 };

/** Maps frame units to pixels. Sizes use sqrt(w*h) so elements keep their weight across aspects. */
export class Frame {
  readonly unit: number;

  constructor(
    readonly w: number,
    readonly h: number,
    readonly view: View = FULL_VIEW,
  ) {
    this.unit = Math.sqrt(w * h) / Math.sqrt(view.du * view.dv);
  }

  x(u: number): number {
    return ((u - this.view.u0) / this.view.du) * this.w;
  }

  y(v: number): number {
    return ((v - this.view.v0) / this.view.dv) * this.h;
  }

  s(size: number): number {
    return size * this.unit;
  }

  /** Frame position of a pixel column, for sampling outlines. */
  u(x: number): number {
    return this.view.u0 + (x / this.w) * this.view.du;
  }
}

export const n1 = (v: number): string => (Math.round(v * 10) / 10).toString();

export interface Stop {
  at: number;
  color: Rgb;
  opacity?: number;
}

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map((s) => {
      const op = s.opacity === undefined ? '' : ` stop-opacity="${s.opacity.toFixed(3)}"`;
      return `<stop offset="${s.at.toFixed(4)}" stop-color="${hex(s.color)}"${op}/>`;
    })
    .join('');
}

/** Collects <defs> while the body is built, handing out unique ids. */
export class SvgDoc {
  private readonly defs: string[] = [];
  private next = 0;

  id(prefix: string): string {
    this.next += 1;
    return `${prefix}${this.next}`;
  }

  def(xml: string): void {
    this.defs.push(xml);
  }

  /** Vertical gradient in user space, from pixel row y1 to y2. */
  vertical(y1: number, y2: number, stops: readonly Stop[]): string {
    const id = this.id('v');
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${n1(y1)}" x2="0" y2="${n1(y2)}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Horizontal gradient across each shape's own bounding box. */
  horizontal(stops: readonly Stop[], reverse = false): string {
    const id = this.id('h');
    const [x1, x2] = reverse ? ['1', '0'] : ['0', '1'];
    this.def(
      `<linearGradient id="${id}" x1="${x1}" y1="0" x2="${x2}" y2="0">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient over each shape's bounding box; fx/fy move the hot spot (for lit spheres). */
  radial(stops: readonly Stop[], fx = 0.5, fy = 0.5, r = 0.5): string {
    const id = this.id('r');
    this.def(
      `<radialGradient id="${id}" fx="${fx}" fy="${fy}" r="${r}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  render(w: number, h: number, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}

/** Drawing context shared by the layer renderers. */
export interface Ctx {
  doc: SvgDoc;
  f: Frame;
  /** In tile mode, repeats a fragment one frame left and right so it wraps seamlessly. */
  wrap: (xml: string) => string;
}
