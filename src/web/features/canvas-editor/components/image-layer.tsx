import type Konva from 'konva';
import { useEffect, useRef } from 'react';
import { Group, Image as KImage, Layer, Rect, Transformer } from 'react-konva';
import type { EditorDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';

interface ImageLayerProps {
  image: HTMLImageElement;
  doc: EditorDocument;
  /** Edit's move tool: the image can be dragged and scaled (keeping its ratio). */
  moving: boolean;
}

/**
 * The image on its canvas. For edit, the canvas is drawn, the image is clipped to it and
 * what falls outside shows faintly, so the user sees what will be cut away.
 */
export function ImageLayer({ image, doc, moving }: ImageLayerProps) {
  const imageNode = useRef<Konva.Image>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const edit = doc.mode !== 'inpaint';
  const { imgPos, canvas } = doc;
  useEffect(() => {
    const node = imageNode.current;
    transformer.current?.nodes(moving && node ? [node] : []);
  }, [moving]);

  // Konva scales the node while dragging a handle; the document keeps whole pixels.
  const placed = () => {
    const n = imageNode.current;
    if (!n) return;
    const width = Math.max(1, Math.round(n.width() * n.scaleX()));
    const height = Math.max(1, Math.round(n.height() * n.scaleY()));
    n.scale({ x: 1, y: 1 });
    const at = { x: Math.round(n.x()), y: Math.round(n.y()), width, height };
    useEditorStore.getState().imageMoved(at);
  };

  return (
    <Layer listening={moving}>
      {edit ? (
        <Rect width={canvas.width} height={canvas.height} fill="#27272a" listening={false} />
      ) : null}
      {edit ? <KImage image={image} {...imgPos} opacity={0.25} listening={false} /> : null}
      <Group clipX={0} clipY={0} clipWidth={canvas.width} clipHeight={canvas.height}>
        <KImage
          ref={imageNode}
          image={image}
          {...imgPos}
          draggable={moving}
          onDragEnd={placed}
          onTransformEnd={placed}
        />
      </Group>
      {moving ? (
        <Transformer
          ref={transformer}
          keepRatio
          rotateEnabled={false}
          flipEnabled={false}
          enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
        />
      ) : null}
    </Layer>
  );
}
