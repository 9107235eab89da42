import { lazy, Suspense } from 'react';
import { useCreateJob } from '../jobs/hooks/use-create-job';
import { useEditorClosed, useEditorRequest } from '../jobs/stores/editor-request-store';

// Konva is large: the editor is its own chunk, fetched the first time someone opens it.
const CanvasEditor = lazy(() => import('../features/canvas-editor'));

/**
 * Shows the canvas editor that the jobs menu (Vary region, Edit) or the Upload and paint
 * tool asked for; its create goes through the jobs layer.
 */
export function CanvasEditorHost() {
  const request = useEditorRequest();
  const closed = useEditorClosed();
  const create = useCreateJob();
  if (!request) return null;
  return (
    <Suspense
      fallback={
        <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-zinc-950/80">
          Loading the editor…
        </div>
      }
    >
      <CanvasEditor request={request} onSubmit={create.submitAndWait} onClose={closed} />
    </Suspense>
  );
}
