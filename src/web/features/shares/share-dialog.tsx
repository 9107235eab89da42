import { useState } from 'react';
import { DEFAULT_SHARE_DAYS, SHARE_DAYS, type Share, type ShareDays } from '@/contract/shares';
import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';
import { DialogForm, FormDialog } from '@/web/components/ui/form-dialog';
import { RequestError } from '@/web/components/ui/request-error';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { Switch } from '@/web/components/ui/switch';
import { useMakeShare } from './share-api';

const DAY_LABELS: Record<ShareDays, string> = { 1: '1 day', 7: '7 days', 30: '30 days' };
const DAY_OPTIONS = SHARE_DAYS.map((d) => ({ value: String(d), label: DAY_LABELS[d] }));

/** When a link lapses, in the reader's own words and zone. */
export const lapseOf = (share: Pick<Share, 'expiresAt'>): string =>
  new Date(share.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The link made, to copy or open, and when it lapses. */
function MadeLink({ share, onDone }: { share: Share; onDone: () => void }) {
  return (
    <div className="mt-4 space-y-3">
      <label className="block space-y-1 text-sm text-zinc-300">
        <span>
          Anyone with this link can see {share.index === null ? 'these images' : 'this image'}
        </span>
        <input
          readOnly
          value={share.url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 w-full rounded-md bg-zinc-950 px-2 font-mono text-xs text-zinc-100 ring-1 ring-zinc-700"
        />
      </label>
      <p className="text-xs text-zinc-500">
        It works until {lapseOf(share)}
        {share.showPrompt ? ', with the prompt' : ', without the prompt'}. Revoke it any time on the
        Account page.
      </p>
      <div className="flex items-center justify-end gap-2">
        <CopyButton text={share.url} label="Copy link" />
        <a
          href={share.url}
          target="_blank"
          rel="noreferrer noopener"
          className="rounded-md px-2.5 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800"
        >
          Open
        </a>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  jobId: string;
  /** The image the viewer shows, from 0. */
  index: number;
  /** How many images (or clips) the job has: with more than one, all may be shared. */
  count: number;
}

type Scope = 'one' | 'all';

/**
 * Makes a share link: how long it lasts and whether it shows the prompt, then the link to
 * copy. The page it opens needs no session and shows nothing else of the studio.
 */
export function ShareDialog({ open, onClose, jobId, index, count }: ShareDialogProps) {
  const make = useMakeShare();
  const [days, setDays] = useState<ShareDays>(DEFAULT_SHARE_DAYS);
  const [showPrompt, setShowPrompt] = useState(false);
  const [scope, setScope] = useState<Scope>('one');
  const scopes = [
    { value: 'one' as const, label: `Image ${index + 1}` },
    { value: 'all' as const, label: `All ${count}` },
  ];
  const close = () => {
    make.reset();
    onClose();
  };
  const submit = () =>
    make.mutate({ jobId, ...(scope === 'all' ? {} : { index }), expiresInDays: days, showPrompt });
  return (
    <FormDialog open={open} onClose={close} title={`Share image ${index + 1}`}>
      {make.data ? (
        <MadeLink share={make.data.share} onDone={close} />
      ) : (
        <DialogForm
          submitLabel={make.isPending ? 'Making link…' : 'Make link'}
          onSubmit={submit}
          onCancel={close}
        >
          <p className="text-sm text-zinc-400">
            A link anyone can open without signing in. It shows only{' '}
            {scope === 'all' ? 'this job’s images' : 'this image'}.
          </p>
          {count > 1 ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-300">
              <span>Shows</span>
              <SegmentedControl
                label="What the link shows"
                options={scopes}
                value={scope}
                onChange={setScope}
              />
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-300">
            <span>Lasts</span>
            <SegmentedControl
              label="How long the link lasts"
              options={DAY_OPTIONS}
              value={String(days)}
              onChange={(v) => setDays(Number(v) as ShareDays)}
            />
          </div>
          <Switch label="Show the prompt" checked={showPrompt} onChange={setShowPrompt} />
          {make.error ? <RequestError error={make.error} onDismiss={make.reset} /> : null}
        </DialogForm>
      )}
    </FormDialog>
  );
}
