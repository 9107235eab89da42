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

/** What a link shows, in a sentence's words. */
const shownBy = (share: Share): string =>
  share.collectionId !== null
    ? 'this collection'
    : share.index === null
      ? 'these images'
      : 'this image';

/** The link made, to copy or open, and when it lapses. */
function MadeLink({ share, onDone }: { share: Share; onDone: () => void }) {
  const prompt = share.collectionId === null ? 'the prompt' : 'the prompts';
  return (
    <div className="mt-4 space-y-3">
      <label className="block space-y-1 text-sm text-zinc-300">
        <span>Anyone with this link can see {shownBy(share)}</span>
        <input
          readOnly
          value={share.url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 w-full rounded-md bg-zinc-950 px-2 font-mono text-xs text-zinc-100 ring-1 ring-zinc-700"
        />
      </label>
      <p className="text-xs text-zinc-500">
        It works until {lapseOf(share)}
        {share.showPrompt ? `, with ${prompt}` : `, without ${prompt}`}. Revoke it any time on the
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

/**
 * What a link may show: an image of a job (or all its images when it has more than one),
 * or a collection, as it is whenever the link is opened.
 */
export type ShareTarget =
  | {
      jobId: string;
      /** The image the viewer shows, from 0. */
      index: number;
      /** How many images (or clips) the job has: with more than one, all may be shared. */
      count: number;
    }
  | { collectionId: string; name: string };

type ShareDialogProps = ShareTarget & { open: boolean; onClose: () => void };

type Scope = 'one' | 'all';

/** A line of the form: a word, then a choice among a few (what it shows, how long). */
function ChoiceLine<T extends string>(props: {
  word: string;
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-300">
      <span>{props.word}</span>
      <SegmentedControl
        label={props.label}
        options={props.options}
        value={props.value}
        onChange={props.onChange}
      />
    </div>
  );
}

/**
 * Makes a share link: how long it lasts and whether it shows the prompt, then the link to
 * copy. The page it opens needs no session and shows nothing else of the studio.
 */
export function ShareDialog({ open, onClose, ...target }: ShareDialogProps) {
  const make = useMakeShare();
  const [days, setDays] = useState<ShareDays>(DEFAULT_SHARE_DAYS);
  const [showPrompt, setShowPrompt] = useState(false);
  const [scope, setScope] = useState<Scope>('one');
  const job = 'jobId' in target ? target : null;
  const close = () => {
    make.reset();
    onClose();
  };
  const shared =
    'jobId' in target
      ? { jobId: target.jobId, ...(scope === 'all' ? {} : { index: target.index }) }
      : { collectionId: target.collectionId };
  const submit = () => make.mutate({ ...shared, expiresInDays: days, showPrompt });
  const title =
    'jobId' in target ? `Share image ${target.index + 1}` : `Share the collection “${target.name}”`;
  return (
    <FormDialog open={open} onClose={close} title={title}>
      {make.data ? (
        <MadeLink share={make.data.share} onDone={close} />
      ) : (
        <DialogForm
          submitLabel={make.isPending ? 'Making link…' : 'Make link'}
          onSubmit={submit}
          onCancel={close}
        >
          <p className="text-sm text-zinc-400">
            A link anyone can open without signing in.{' '}
            {job === null
              ? 'It shows the collection’s images as they are whenever it is opened: what is added later shows too, what is removed goes.'
              : `It shows only ${scope === 'all' ? 'this job’s images' : 'this image'}.`}
          </p>
          {job !== null && job.count > 1 ? (
            <ChoiceLine
              word="Shows"
              label="What the link shows"
              options={[
                { value: 'one', label: `Image ${job.index + 1}` },
                { value: 'all', label: `All ${job.count}` },
              ]}
              value={scope}
              onChange={setScope}
            />
          ) : null}
          <ChoiceLine
            word="Lasts"
            label="How long the link lasts"
            options={DAY_OPTIONS}
            value={String(days)}
            onChange={(v) => setDays(Number(v) as ShareDays)}
          />
          <Switch
            label={job === null ? 'Show the prompts' : 'Show the prompt'}
            checked={showPrompt}
            onChange={setShowPrompt}
          />
          {make.error ? <RequestError error={make.error} onDismiss={make.reset} /> : null}
        </DialogForm>
      )}
    </FormDialog>
  );
}
