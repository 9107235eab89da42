import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import { Button } from '@/web/components/ui/button';
import { describeError } from '@/web/lib/describe-error';
import { useFocusTrap } from '@/web/lib/focus-trap';
import type { EditorRequest } from '@/web/jobs/stores/editor-request-store';
import { uploadImage } from '@/web/lib/uploads/uploads';
import { maskShelf } from '../mask/mask-shelf';
import { pixelsOpOf } from '../mask/pixels';
import { keepSentMask, reusedMask } from '../mask/reuse';
import { editorCreate } from '../mask/submit';
import type { EditorDocument } from '../model/document';
import { newDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { EditorAlerts } from './editor-alerts';
import { EditorStage } from './editor-stage';
import { SidePanel } from './side-panel';
import { Toolbar } from './toolbar';
import { edgesWanted, selectionsClosed, selectionsWarmed } from './selections';
import { useEditorKeys } from './use-editor-keys';
import { useMaskBake } from './use-mask-bake';
import { useMaskPlan } from './use-mask-plan';

export interface CanvasEditorProps {
  request: EditorRequest;
  /** Creates the job; the editor stays open, with its mask, until that succeeded. */
  onSubmit: (body: CreateJobRequest) => Promise<unknown>;
  onClose: () => void;
}

const NOT_KEPT =
  'The mask of this job is not known here: the studio keeps none for it, or its mask image cannot be read.';

/**
 * Loads the image, then opens a fresh document of its natural size; for Reuse mask, with
 * the job's mask as its first step (undo takes it off).
 */
function useImageDocument(request: EditorRequest) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    let open = true;
    const img = new Image();
    img.onload = () => {
      useViewStore.getState().viewReset();
      const { naturalWidth: width, naturalHeight: height } = img;
      const editor = useEditorStore.getState();
      editor.documentOpened(newDocument({ url: request.imageUrl, width, height }, request.mode));
      setImage(img);
      // The studio may be asked for the job's mask: it comes as the first step once known.
      void reusedMask(maskShelf(), request, width, height).then((reused) => {
        if (!open) return;
        if (reused) useEditorStore.getState().pixelsAdded(pixelsOpOf(reused, 'replace'));
        else if (request.mode !== 'upload-paint' && request.reuseMask) setNotice(NOT_KEPT);
      });
    };
    img.onerror = () => setFailed(true);
    img.src = request.imageUrl;
    return () => {
      open = false;
      useEditorStore.getState().documentClosed();
    };
  }, [request]);
  return { image, failed, notice };
}

/**
 * The wand's worker decodes the image once the wand is chosen, ahead of the first click,
 * and finds its edges once the magnetic lasso is; closing the editor ends the worker.
 */
function useSelections(image: EditorDocument['image'] | undefined) {
  const wand = useViewStore((s) => s.tool === 'wand');
  const magnetic = useViewStore((s) => s.tool === 'magnetic');
  useEffect(() => {
    if (wand && image) selectionsWarmed(image);
  }, [wand, image]);
  useEffect(() => {
    if (magnetic && image) edgesWanted(image);
  }, [magnetic, image]);
  useEffect(() => () => selectionsClosed(), []);
}

const uploadMask = async (png: Blob) =>
  (await uploadImage(new File([png], 'mask.png', { type: 'image/png' }))).url;

/** The dialog's title and the submit button's label for each way into the editor. */
function wording(request: EditorRequest): { title: string; submitLabel: string } {
  if (request.mode === 'upload-paint') return { title: 'Upload and paint', submitLabel: 'Paint' };
  const n = request.imageNo + 1;
  if (request.mode === 'inpaint')
    return { title: `Vary region image ${n}`, submitLabel: 'Vary region' };
  return { title: `Edit image ${n}`, submitLabel: 'Edit image' };
}

/**
 * Closing asks first when there is a painted mask, which closing would throw away; a
 * second Escape keeps editing.
 */
function useCloseGuard(onClose: () => void) {
  const painted = useEditorStore((s) => (s.doc?.ops.length ?? 0) > 0 || Boolean(s.doc?.base));
  const [closing, setClosing] = useState(false);
  const requestClose = useCallback(() => {
    if (!painted) onClose();
    else setClosing((asked) => !asked);
  }, [painted, onClose]);
  return { closing: closing && painted, requestClose, keepEditing: () => setClosing(false) };
}

interface EditorHeaderProps {
  title: string;
  /** Close was asked for with a painted mask: ask whether to throw it away. */
  closing: boolean;
  onClose: () => void;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

function EditorHeader({ title, closing, onClose, onKeepEditing, onDiscard }: EditorHeaderProps) {
  return (
    <header className="flex h-12 shrink-0 items-center justify-between border-b border-zinc-800 px-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      {closing ? (
        <div role="alertdialog" aria-label="Discard the mask?" className="flex items-center gap-2">
          <span className="text-sm text-zinc-300">Close and discard the painted mask?</span>
          <Button size="sm" variant="primary" autoFocus onClick={onKeepEditing}>
            Keep editing
          </Button>
          <Button size="sm" className="text-red-300" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      )}
    </header>
  );
}

/** The image did not load; or Reuse mask found no mask. */
function EditorNotices({ failed, notice }: { failed: boolean; notice: string | null }) {
  return (
    <>
      {failed ? (
        <p role="alert" className="p-4">
          The image could not be loaded.
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="px-4 py-2 text-sm text-amber-300">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/** On a phone the side panel folds under the stage, so the canvas keeps the screen. */
function PanelToggle({ folded, onToggle }: { folded: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={!folded}
      aria-controls="editor-panel"
      onClick={onToggle}
      className="h-10 shrink-0 border-t border-zinc-800 text-sm font-medium md:hidden"
    >
      {folded ? 'Show the prompt' : 'Hide the prompt'}
    </button>
  );
}

/** The full-screen editor of Vary region (inpaint), Edit and Upload and paint. */
export default function CanvasEditor({ request, onSubmit, onClose }: CanvasEditorProps) {
  const { image, failed, notice } = useImageDocument(request);
  const doc = useEditorStore((s) => s.doc);
  useSelections(doc?.image);
  // Whether a stroke is under way, not the stroke: its points change on every pointer move.
  const painting = useEditorStore((s) => s.active !== null);
  const plan = useMaskPlan(doc, painting);
  useMaskBake(doc);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { closing, requestClose, keepEditing } = useCloseGuard(onClose);
  useEditorKeys(requestClose);
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(root);
  const [folded, setFolded] = useState(true);
  const { title, submitLabel } = wording(request);
  // Edit and Upload and paint place the image on a canvas of its own; inpaint keeps it.
  const placing = request.mode !== 'inpaint';
  // What the cost follows: a follow-up's own --fast/--turbo, else its parent's speed.
  const parentPrompt = request.mode === 'upload-paint' ? '' : request.prompt;

  const submit = useCallback(
    (remixPrompt: string) => {
      if (!doc || !plan) return;
      setPending(true);
      setError(null);
      editorCreate(request, doc, plan, remixPrompt, uploadMask)
        .then(onSubmit)
        .then((created) => {
          keepSentMask(maskShelf(), created, plan, doc.image);
          onClose();
        })
        .catch((e: unknown) => {
          const { title, hint } = describeError(e);
          setError(hint ? `${title} ${hint}` : title);
        })
        .finally(() => setPending(false));
    },
    [doc, plan, request, onSubmit, onClose],
  );

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      tabIndex={-1}
      className="fixed inset-0 z-50 flex flex-col bg-zinc-950 text-zinc-100"
    >
      <EditorHeader
        title={title}
        closing={closing}
        onClose={requestClose}
        onKeepEditing={keepEditing}
        onDiscard={onClose}
      />
      <EditorNotices failed={failed} notice={notice} />
      {image && doc ? (
        <>
          <Toolbar edit={placing} />
          <EditorAlerts />
          <div className="flex min-h-0 flex-1 flex-col md:flex-row">
            <EditorStage image={image} doc={doc} plan={plan} />
            <PanelToggle folded={folded} onToggle={() => setFolded(!folded)} />
            <SidePanel
              doc={doc}
              plan={plan}
              submitLabel={submitLabel}
              parentPrompt={parentPrompt}
              pending={pending}
              error={error}
              onSubmit={submit}
              folded={folded}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
