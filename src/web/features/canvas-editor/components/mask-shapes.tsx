import { Circle, Line, Rect } from 'react-konva';
import type { Stroke } from '../model/document';
import { MASK_COLOR } from '../mask/pixels';

const flat = (pts: readonly { x: number; y: number }[]) => pts.flatMap((p) => [p.x, p.y]);

/**
 * The stroke being drawn, over the committed mask's bitmap on the same layer, so an
 * eraser's `destination-out` cuts the bitmap as it will once the stroke is committed.
 */
export function ActiveStroke({ op }: { op: Stroke }) {
  const composite = op.tool === 'eraser' ? 'destination-out' : 'source-over';
  const [only] = op.points;
  if (op.points.length === 1 && only) {
    return (
      <Circle
        x={only.x}
        y={only.y}
        radius={op.size / 2}
        fill={MASK_COLOR}
        globalCompositeOperation={composite}
      />
    );
  }
  return (
    <Line
      points={flat(op.points)}
      stroke={MASK_COLOR}
      strokeWidth={op.size}
      lineCap="round"
      lineJoin="round"
      globalCompositeOperation={composite}
    />
  );
}

/** Outlines drawn thin whatever the zoom: a shape being drawn, or the polygons to be sent. */
export function Outline({
  points,
  closed,
  color,
  dash,
}: {
  points: readonly { x: number; y: number }[];
  closed: boolean;
  color: string;
  dash?: number[];
}) {
  return (
    <Line
      points={flat(points)}
      closed={closed}
      stroke={color}
      strokeWidth={1.5}
      strokeScaleEnabled={false}
      dash={dash}
      listening={false}
    />
  );
}

/** The magnetic lasso's anchors: small squares of `side` image pixels (a few screen ones). */
export function AnchorMarks({
  points,
  side,
}: {
  points: readonly { x: number; y: number }[];
  side: number;
}) {
  return points.map((p, i) => (
    <Rect
      key={i}
      x={p.x - side / 2}
      y={p.y - side / 2}
      width={side}
      height={side}
      stroke="#fafafa"
      strokeWidth={1}
      strokeScaleEnabled={false}
      listening={false}
    />
  ));
}
