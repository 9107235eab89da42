import { describe, expect, it } from 'vitest';
import {
  REMIX_MODE_LABELS,
  REMIX_MODES,
  UPSCALE_MODE_LABELS,
  UPSCALE_MODES,
  VARIATION_STRENGTH_LABELS,
  VARIATION_STRENGTHS,
  VIDEO_RESOLUTIONS,
} from '@/contract/requests/choices';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { actionBody, type GridAction } from '@/web/jobs/utils/grid-action';
import { menuGroups } from '@/web/jobs/utils/menu-entries';
import { UPSCALE_MODE_OPTIONS, VARY_STRENGTH_OPTIONS } from './grid-actions';
import { REMIX_MODE_OPTIONS } from './remix-form';

/*
 * The choices the job forms offer are the contract's value lists, in the contract's order
 * and with its labels: a value the contract adds is offered, and no form offers a list of
 * its own (the video settings are in jobs/utils/video-options.ts, checked by its own test).
 */

type Case = [string, readonly SegmentOption<string>[], readonly string[], Record<string, string>?];

describe("the job forms offer exactly the contract's values", () => {
  it.each<Case>([
    ['Upscale mode', UPSCALE_MODE_OPTIONS, UPSCALE_MODES, UPSCALE_MODE_LABELS],
    ['Vary strength', VARY_STRENGTH_OPTIONS, VARIATION_STRENGTHS, VARIATION_STRENGTH_LABELS],
    ['Remix strength', REMIX_MODE_OPTIONS, REMIX_MODES, REMIX_MODE_LABELS],
  ])('%s', (_, options, values, labels) => {
    expect(options.map((o) => o.value)).toEqual([...values]);
    expect(options.map((o) => o.label)).toEqual(values.map((v) => labels?.[v] ?? v));
  });

  it("the image menu lists each upscale mode and vary strength, in the contract's order", () => {
    const actions = menuGroups(['upscale', 'variation'], 0).flatMap((g) =>
      g.items.flatMap((e) => ('action' in e.target ? [e.target.action] : [])),
    );
    expect(actions).toEqual([
      ...UPSCALE_MODES.map((mode) => ({ kind: 'upscale', imageNo: 0, mode })),
      ...VARIATION_STRENGTHS.map((strength) => ({ kind: 'variation', imageNo: 0, strength })),
    ]);
  });

  it('each value goes out as the code the contract gives it: its place in the list', () => {
    const sent = (action: GridAction): Record<string, unknown> =>
      actionBody('abcDEF123456', action).params ?? {};
    const codes = (values: readonly string[]) => values.map((_, code) => code);
    expect(UPSCALE_MODES.map((mode) => sent({ kind: 'upscale', imageNo: 0, mode }).type)).toEqual(
      codes(UPSCALE_MODES),
    );
    expect(
      VARIATION_STRENGTHS.map((strength) => sent({ kind: 'variation', imageNo: 0, strength }).type),
    ).toEqual(codes(VARIATION_STRENGTHS));
    expect(
      REMIX_MODES.map((mode) => sent({ kind: 'remix', imageNo: 0, prompt: 'x', mode }).mode),
    ).toEqual(codes(REMIX_MODES));
    const animate = { kind: 'animate', imageNo: 0, prompt: '', motion: 'low' } as const;
    expect(
      VIDEO_RESOLUTIONS.map((resolution) => sent({ ...animate, resolution }).videoType),
    ).toEqual(codes(VIDEO_RESOLUTIONS));
  });
});
