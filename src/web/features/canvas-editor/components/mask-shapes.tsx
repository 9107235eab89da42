import { memo } from 'react';
import { Circle, Line, Rect } from 'react-konva';
import type { Size } from '../geometry/points';
import type { MaskOp } from '../model/document';
import { shapeOutline } from '../mask/grid';

const MASK_COLOR = '#f43f5e';

const flat = (pts: readonly { x: number; y: number }[]) => pts.flatMap((p) => [p.x, p.y]);

/**
 * One mask op drawn in image space, on the mask's own layer: erasing cuts the layer with
 * `destination-out`, and an invert is a full rectangle with `xor`, which leaves exactly
 * the complement of what is below it. Memoised: ops never change once added.
 */
export const MaskOpShape = memo(function MaskOpShape({ op, image }: { op: MaskOp; image: Size }) {
  if (op.type === 'invert') {
    return (
      <Rect
        width={image.width}
        height={image.height}
        fill={MASK_COLOR}
        globalCompositeOperation="xor"
      />
    );
  }
  if (op.type === 'shape') {
    return (
      <Line
        points={flat(shapeOutline(op))}
        closed
        fill={MASK_COLOR}
        globalCompositeOperation={op.erase ? 'destination-out' : 'source-over'}
      />
    );
  }
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
});

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
