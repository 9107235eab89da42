import { useCallback, useRef, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  UPSCALE_MODE_LABELS,
  UPSCALE_MODES,
  VARIATION_STRENGTH_LABELS,
  VARIATION_STRENGTHS,
} from '@/contract/requests/choices';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { SegmentedControl, segmentOptions } from '@/web/components/ui/segmented-control';
import { useCardShortcuts } from '@/web/jobs/hooks/card-shortcuts';
import type { JobActions } from './use-job-actions';
import type { ImageActionPlan } from '@/web/jobs/utils/action-plan';
import type { GridAction, UpscaleMode, VaryStrength } from '@/web/jobs/utils/grid-action';

export const UPSCALE_MODE_OPTIONS: SegmentOption<UpscaleMode>[] = segmentOptions(
  UPSCALE_MODES,
  UPSCALE_MODE_LABELS,
  { subtle: 'Upscale keeping the image as it is', creative: 'Upscale adding new detail' },
);
export const VARY_STRENGTH_OPTIONS: SegmentOption<VaryStrength>[] = segmentOptions(
  VARIATION_STRENGTHS,
  VARIATION_STRENGTH_LABELS,
  { subtle: 'Small changes', strong: 'Bolder changes' },
);

interface GridActionsProps {
  plan: ImageActionPlan;
  actions: JobActions;
}

/**
 * The rows under a grid: U1–U4 and V1–V4 for the images `available_actions` lists, each
 * row with its mode, and Reroll for the whole job. The same actions answer keys while the
 * card has focus: 1–4 pick an image, U, V and R act.
 */
export function GridActions({ plan, actions }: GridActionsProps) {
  const [mode, setMode] = useState<UpscaleMode>('subtle');
  const [strength, setStrength] = useState<VaryStrength>('subtle');
  const root = useRef<HTMLDivElement>(null);
  const { openDialog } = actions;
  const reuseMask = useCallback(
    (imageNo: number) => openDialog({ kind: 'reuse-mask', imageNo }),
    [openDialog],
  );
  const picked = useCardShortcuts(root, { plan, mode, strength }, actions.run, reuseMask);
  const { upscaleRow, varyRow, reroll } = plan;
  if (upscaleRow.length === 0 && varyRow.length === 0 && !reroll) return null;

  return (
    <div ref={root} className="flex flex-wrap items-center gap-x-5 gap-y-2">
      {upscaleRow.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <IndexButtons
            group="Upscale"
            letter="U"
            indexes={upscaleRow}
            actions={actions}
            actionFor={(imageNo) => ({ kind: 'upscale', imageNo, mode })}
            titleFor={(n) => `Upscale image ${n} (${mode})`}
          />
          <SegmentedControl
            label="Upscale mode"
            options={UPSCALE_MODE_OPTIONS}
            value={mode}
            onChange={setMode}
          />
        </div>
      ) : null}
      {varyRow.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <IndexButtons
            group="Vary"
            letter="V"
            indexes={varyRow}
            actions={actions}
            actionFor={(imageNo) => ({ kind: 'variation', imageNo, strength })}
            titleFor={(n) => `Vary image ${n} (${strength})`}
          />
          <SegmentedControl
            label="Vary strength"
            options={VARY_STRENGTH_OPTIONS}
            value={strength}
            onChange={setStrength}
          />
        </div>
      ) : null}
      {reroll ? <RerollButton actions={actions} /> : null}
      {picked !== null ? (
        <span role="status" className="text-xs text-zinc-400">
          Keys act on image {picked + 1}
        </span>
      ) : null}
    </div>
  );
}

interface IndexButtonsProps {
  group: string;
  letter: string;
  indexes: number[];
  actions: JobActions;
  actionFor: (imageNo: number) => GridAction;
  titleFor: (n: number) => string;
}

function IndexButtons({ group, letter, indexes, actions, actionFor, titleFor }: IndexButtonsProps) {
  return (
    <div role="group" aria-label={group} className="flex flex-wrap gap-1.5">
      {indexes.map((i) => {
        const action = actionFor(i);
        const busy = actions.isPending(action);
        return (
          <Button
            key={i}
            size="sm"
            title={titleFor(i + 1)}
            onClick={() => actions.run(action)}
            disabled={busy}
            aria-busy={busy}
            className="min-w-10 font-mono"
          >
            {letter}
            {i + 1}
          </Button>
        );
      })}
    </div>
  );
}

function RerollButton({ actions }: { actions: JobActions }) {
  const action: GridAction = { kind: 'reroll' };
  const busy = actions.isPending(action);
  return (
    <Button
      size="sm"
      aria-label="Reroll"
      aria-keyshortcuts="R"
      title="Reroll: four new images from the same prompt"
      onClick={() => actions.run(action)}
      disabled={busy}
      aria-busy={busy}
    >
      {/* 🔁 as a drawing: emoji fonts are missing on many Linux desktops. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-3.5 fill-none stroke-current stroke-[1.7]"
      >
        <path
          d="M4 9V8a3 3 0 0 1 3-3h9m-2.5-2.5L16 5l-2.5 2.5M16 11v1a3 3 0 0 1-3 3H4m2.5 2.5L4 15l2.5-2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Reroll
    </Button>
  );
}
