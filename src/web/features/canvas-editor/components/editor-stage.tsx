import type Konva from 'konva';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Group, Image as KImage, Layer, Stage } from 'react-konva';
import { fitViewport } from '../geometry/transforms';
import type { MaskPlan } from '../mask/areas';
import type { EditorDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { toolById } from '../tools/registry';
import { ImageLayer } from './image-layer';
import { MaskBitmap } from './mask-bitmap';
import { ActiveStroke, AnchorMarks, Outline } from './mask-shapes';
import { useStagePointer } from './use-stage-pointer';

interface EditorStageProps {
  image: HTMLImageElement;
  doc: EditorDocument;
  plan: MaskPlan | null;
}

/**
 * Keeps the stage the size of its box, fits the content the first time it has one, and
 * fits again whenever the canvas changes size (a preset, a typed size, an undo of one).
 */
function useStageSize(box: React.RefObject<HTMLDivElement | null>, doc: EditorDocument) {
  const fitted = useRef(false);
  const { width, height } = doc.canvas;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const size = { width: entry.contentRect.width, height: entry.contentRect.height };
      const view = useViewStore.getState();
      view.stageResized(size);
      if (!fitted.current && size.width > 0) {
        fitted.current = true;
        view.viewportChanged(fitViewport({ width, height }, size, window.devicePixelRatio || 1));
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, width, height]);
  useEffect(() => {
    const view = useViewStore.getState();
    if (!fitted.current || view.stageSize.width === 0) return;
    view.viewportChanged(
      fitViewport({ width, height }, view.stageSize, window.devicePixelRatio || 1),
    );
  }, [width, height]);
}

/** Image space inside stage space: where the image lies, at what scale. */
const imageFrame = (doc: EditorDocument) => ({
  x: doc.imgPos.x,
  y: doc.imgPos.y,
  scaleX: doc.imgPos.width / doc.image.width,
  scaleY: doc.imgPos.height / doc.image.height,
});

/** The committed mask's bitmap, kept in step with the document before the frame is drawn. */
function useMaskBitmap(doc: EditorDocument, node: React.RefObject<Konva.Image | null>) {
  const { width, height } = doc.image;
  const bitmap = useMemo(() => new MaskBitmap({ width, height }), [width, height]);
  const bake = useEditorStore((s) => s.lastBake);
  useLayoutEffect(() => {
    if (bitmap.sync(doc.base, doc.ops, bake)) node.current?.getLayer()?.batchDraw();
  }, [bitmap, doc.base, doc.ops, bake, node]);
  return bitmap;
}

/** The painted mask, then the outlines: the polygons to be sent and a shape being drawn. */
function MaskLayers({ doc, plan }: Omit<EditorStageProps, 'image'>) {
  const view = useViewStore();
  const active = useEditorStore((s) => s.active);
  const node = useRef<Konva.Image>(null);
  const bitmap = useMaskBitmap(doc, node);
  const frame = imageFrame(doc);
  return (
    <>
      <Layer listening={false} opacity={view.maskOpacity} visible={view.maskVisible}>
        <Group {...frame}>
          <KImage ref={node} image={bitmap.canvas} />
          {active ? <ActiveStroke op={active} /> : null}
        </Group>
      </Layer>
      <Layer listening={false}>
        <Group {...frame}>
          {view.maskVisible && plan?.kind === 'areas'
            ? plan.polygons.map((p, i) => <Outline key={i} points={p} closed color="#22d3ee" />)
            : null}
          {view.draft ? (
            <Outline
              points={view.draft}
              // Shapes drawn by clicks show open until closed.
              closed={view.tool !== 'polygon' && view.tool !== 'magnetic'}
              // A cutting shape's outline is red, so the mode shows while drawing.
              color={view.shapeMode === 'subtract' ? '#f87171' : '#fafafa'}
              dash={[4, 4]}
            />
          ) : null}
          {view.draft && view.tool === 'magnetic' ? (
            // Five screen pixels wide at any zoom.
            <AnchorMarks points={view.anchors} side={5 / (view.viewport.zoom * frame.scaleX)} />
          ) : null}
        </Group>
      </Layer>
    </>
  );
}

/** The image, the mask and the outlines; react-konva only draws the document. */
export function EditorStage({ image, doc, plan }: EditorStageProps) {
  const box = useRef<HTMLDivElement>(null);
  const view = useViewStore();
  const { stage, onDoubleClick } = useStagePointer(box);
  useStageSize(box, doc);
  const moving = doc.mode !== 'inpaint' && view.tool === 'move';
  const cursor = view.panKey ? 'grab' : view.tool === 'move' ? 'move' : toolById(view.tool).cursor;
  const { zoom, panX, panY } = view.viewport;
  return (
    <div
      ref={box}
      className="relative min-h-0 min-w-0 flex-1 touch-none overflow-hidden bg-zinc-900"
      style={{ cursor }}
      data-testid="editor-stage"
      onDoubleClick={onDoubleClick}
      // The exact view, for tests that turn screen positions into image pixels.
      data-viewport={JSON.stringify({ zoom, panX, panY, image: doc.image, imgPos: doc.imgPos })}
      // How many ops the mask holds beside its base: tests see old ops flattened.
      data-mask-ops={doc.ops.length}
      // Whether the magnetic lasso has the image's edges yet.
      data-edges={view.edges ?? 'none'}
    >
      <Stage
        width={view.stageSize.width}
        height={view.stageSize.height}
        scaleX={zoom}
        scaleY={zoom}
        x={panX}
        y={panY}
        {...stage}
      >
        <ImageLayer image={image} doc={doc} moving={moving} />
        <MaskLayers doc={doc} plan={plan} />
      </Stage>
    </div>
  );
}
