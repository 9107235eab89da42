import { useState } from 'react';
import type { ClipboardEvent, FormEvent, KeyboardEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { RequestError } from '@/web/components/ui/request-error';
import { cn } from '@/web/lib/cn';
import { lazyComponent } from '@/web/lib/lazy-component';
import { diffusionCost, formatCostEstimate } from '@/web/jobs/utils/costs';
import { imagePromptsOf } from '@/web/jobs/utils/image-prompts';
import { formatNumber } from '@/web/lib/format';
import { useFileDrop } from '@/web/lib/uploads/use-file-drop';
import { useImageUpload } from '@/web/lib/uploads/use-image-upload';
import { PROMPT_MAX } from '@/contract/requests/limits';
import { useBatchState } from '../stores/use-batch-state';
import { promptState } from '../stores/prompt-edits';
import { usePrompt, usePromptActions } from '../stores/prompt-store';
import { FlagHelpers } from './flag-helpers';
import { AddImageButton } from './image-prompts';
import { PresetsMenu } from './presets-menu';
import { toggleClass } from './toggle-class';

/** The rarer flags, closed on a first load: a chunk of its own, fetched when idle. */
const LazyMoreOptions = lazyComponent(() => import('./more-options').then((m) => m.MoreOptions), {
  fallback: null,
});

/**
 * The prompt's image prompts as chips, once it has one (an upload, a paste, a drop, a URL
 * typed): a chunk of its own, fetched when idle.
 */
const LazyImagePromptChips = lazyComponent(
  () => import('./image-prompt-chips').then((m) => m.ImagePromptChips),
  { fallback: null },
);

/** The confirmation of a batch: a chunk of its own, fetched when idle. */
const LazyBatchDialog = lazyComponent(() => import('./batch-dialog').then((m) => m.BatchDialog), {
  fallback: null,
});

interface PromptBoxProps {
  /** Receives the trimmed prompt; the app layer turns it into a create. */
  onSubmit: (prompt: string) => void;
  pending: boolean;
  /** The last failed create, shown until dismissed or the next submit. */
  error: unknown;
  onDismissError: () => void;
}

export function PromptBox({ onSubmit, pending, error, onDismissError }: PromptBoxProps) {
  const prompt = usePrompt();
  const { promptChanged, imageUploaded } = usePromptActions();
  const state = promptState(prompt);
  // A batch (permutations, --repeat, a pasted list) is checked prompt by prompt.
  const batch = useBatchState(prompt);
  const problems = batch ? batch.problems : state.problems;
  const canSubmit = batch ? batch.prompts.length > 0 && problems.length === 0 : state.canSubmit;
  const invalid = problems.length > 0;
  const many = batch !== null && batch.prompts.length > 0;
  const [moreOpen, setMoreOpen] = useState(false);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  // Dropped, pasted or picked images become image prompts: a URL at the text's start.
  const upload = useImageUpload((u) => imageUploaded(u, 'image'));
  const drop = useFileDrop(upload.send);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    if (batch) setConfirming(batch.prompts);
    else if (!pending) onSubmit(prompt.trim());
  };

  return (
    <>
      <form onSubmit={submit} aria-label="New image" className="space-y-3">
        <div
          {...drop.dropProps}
          className={cn(
            'rounded-lg border bg-zinc-900 focus-within:border-zinc-600',
            drop.over ? 'border-indigo-400' : 'border-zinc-800',
          )}
        >
          {imagePromptsOf(prompt).length > 0 ? (
            <LazyImagePromptChips.Component prompt={prompt} />
          ) : null}
          <PromptField
            prompt={prompt}
            invalid={invalid}
            onChange={promptChanged}
            onPaste={upload.onPaste}
          />
          {/* The helpers take a row of their own where both do not fit (a phone), and Generate
            moves under them, to the right. */}
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-800 px-3 py-2">
            <div className="flex min-w-0 flex-[1_1_18rem] flex-wrap items-center gap-x-4 gap-y-2">
              <AddImageButton upload={upload} />
              <FlagHelpers prompt={prompt} />
              <MoreToggle open={moreOpen} onToggle={() => setMoreOpen(!moreOpen)} />
              <PresetsMenu />
            </div>
            <SubmitControls
              prompts={many ? batch.prompts : [prompt]}
              batch={many}
              length={state.length}
              disabled={!canSubmit || (pending && !batch)}
              pending={pending && !batch}
            />
          </div>
          {/* Its fields only edit the prompt text, so closing (unmounting) loses nothing. */}
          {moreOpen ? <LazyMoreOptions.Component id="prompt-more-options" state={state} /> : null}
        </div>
        <ul id="prompt-problems" aria-live="polite" className="space-y-1 text-sm text-amber-300">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        {upload.message ? (
          <p role="alert" className="text-sm text-red-300">
            {upload.message}
          </p>
        ) : null}
        {error ? <RequestError error={error} onDismiss={onDismissError} /> : null}
      </form>
      {/* Outside the form: the confirmation is a form of its own. */}
      {confirming ? (
        <LazyBatchDialog.Component prompts={confirming} onClose={() => setConfirming(null)} />
      ) : null}
    </>
  );
}

interface PromptFieldProps {
  prompt: string;
  invalid: boolean;
  onChange: (prompt: string) => void;
  onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => void;
}

function PromptField({ prompt, invalid, onChange, onPaste }: PromptFieldProps) {
  // Enter sends, Shift+Enter breaks the line; never while an IME is composing text.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };
  return (
    <>
      <label htmlFor="prompt" className="sr-only">
        Prompt
      </label>
      <textarea
        id="prompt"
        value={prompt}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        rows={3}
        placeholder="Describe an image… e.g. a lighthouse in a storm --ar 16:9"
        aria-invalid={invalid}
        aria-describedby="prompt-count prompt-problems"
        className="block w-full resize-y bg-transparent px-4 pt-3 pb-2 text-[15px] leading-relaxed text-zinc-100 placeholder:text-zinc-500 focus:outline-none"
      />
    </>
  );
}

interface SubmitControlsProps {
  /** What Generate sends: one prompt, or a batch's. */
  prompts: readonly string[];
  batch: boolean;
  length: number;
  disabled: boolean;
  pending: boolean;
}

/** The prompt's length, what it will cost, and Generate (or, for a batch, how many jobs). */
function SubmitControls({ prompts, batch, length, disabled, pending }: SubmitControlsProps) {
  const cost = prompts.reduce((sum, p) => sum + diffusionCost(p), 0);
  return (
    <div className="ml-auto flex shrink-0 items-center gap-3">
      <CharCount length={length} />
      <span
        id="prompt-cost"
        title="Estimated: 80 fast, 160 turbo, half for a draft batch"
        className="text-xs text-zinc-400 tabular-nums"
      >
        {formatCostEstimate(cost)}
      </span>
      <Button
        type="submit"
        variant="primary"
        disabled={disabled}
        aria-busy={pending}
        aria-describedby="prompt-cost"
      >
        {pending ? <Spinner /> : null}
        {batch ? `Create ${prompts.length} ${prompts.length === 1 ? 'job' : 'jobs'}…` : 'Generate'}
      </Button>
    </div>
  );
}

function MoreToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls="prompt-more-options"
      onClick={onToggle}
      className={toggleClass}
    >
      More options
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={cn(
          'size-3.5 fill-none stroke-current stroke-2 transition-transform',
          open && 'rotate-180',
        )}
      >
        <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

function CharCount({ length }: { length: number }) {
  return (
    <span
      id="prompt-count"
      className={cn(
        'font-mono text-xs tabular-nums',
        length > PROMPT_MAX ? 'text-red-400' : 'text-zinc-500',
      )}
    >
      {formatNumber(length)} / {formatNumber(PROMPT_MAX)}
    </span>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-3.5 animate-spin rounded-full border-2 border-white/30 border-t-white"
    />
  );
}
