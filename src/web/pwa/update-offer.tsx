import { Button } from '@/web/components/ui/button';
import { useEditorRequest } from '@/web/jobs/stores/editor-request-store';
import { UpdateRegion } from './update-region';
import { useUpdateOffer } from './update-store';

/**
 * "A new version is ready" and a Reload button, once a newly deployed build waits, in the
 * live region that is always there (UpdateRegion); the page
 * reloads only when Reload is pressed. While the canvas editor is open, its unsaved mask
 * would be lost to a reload, so the button waits until the editor is closed.
 */
export function UpdateOffer() {
  const accept = useUpdateOffer();
  const editing = useEditorRequest() !== null;
  return (
    <UpdateRegion>
      {accept && (
        <div className="flex items-center gap-3 rounded-lg border border-zinc-700 bg-zinc-900 p-3 text-sm text-zinc-100 shadow-lg">
          <p>
            A new version is ready.
            {editing ? ' Reload is offered once the editor is closed.' : ''}
          </p>
          {!editing && (
            <Button variant="primary" size="sm" onClick={accept}>
              Reload
            </Button>
          )}
        </div>
      )}
    </UpdateRegion>
  );
}
