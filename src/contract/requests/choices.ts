/**
 * The choices the operations offer, by name, and the integer codes the service takes for
 * them (each name stands at its code). No schema here: the browser's first page shows and
 * prices them without loading zod; the request schemas (`intChoice`, `numberBetween`) are
 * built from the same lists.
 */

/** The codes of named values, each name's index: `['subtle', 'creative']` has 0 and 1. */
export type CodesOf<N extends readonly unknown[]> = {
  [K in keyof N]: K extends `${infer I extends number}` ? I : never;
};
export type CodeOf<N extends readonly unknown[]> = CodesOf<N>[number];

/** The code of a named value of an `intChoice`. */
export const codeOf = <const N extends readonly string[]>(names: N, name: N[number]): CodeOf<N> =>
  names.indexOf(name) as CodeOf<N>;

/** The name of a code, if it has one. */
export const nameOf = <T extends string>(names: readonly T[], code: number): T | undefined =>
  names[code];

/** The modes people choose, each at its `type` code: 0 subtle, 1 creative. */
export const UPSCALE_MODES = ['subtle', 'creative'] as const;
export type UpscaleMode = (typeof UPSCALE_MODES)[number];
export const UPSCALE_MODE_LABELS: Record<UpscaleMode, string> = {
  subtle: 'Subtle',
  creative: 'Creative',
};
/** Then 2 and 3, the deprecated v5 2x/4x modes, accepted only for `--v 5` parents. */
export const UPSCALE_TYPE_NAMES = [...UPSCALE_MODES, 'v5 2x', 'v5 4x'] as const;

/** How far the images move from the source, each at its `type` code: 0 subtle, 1 strong. */
export const VARIATION_STRENGTHS = ['subtle', 'strong'] as const;
export type VariationStrength = (typeof VARIATION_STRENGTHS)[number];
export const VARIATION_STRENGTH_LABELS: Record<VariationStrength, string> = {
  subtle: 'Subtle',
  strong: 'Strong',
};

/**
 * Each at its `mode` code: 0 strong changes the whole palette, 1 subtle only the
 * brightest part.
 */
export const REMIX_MODES = ['strong', 'subtle'] as const;
export type RemixMode = (typeof REMIX_MODES)[number];
export const REMIX_MODE_LABELS: Record<RemixMode, string> = {
  strong: 'Strong',
  subtle: 'Subtle',
};

/** How far zoom out grows the canvas on every side. */
export const OUTPAINT_SCALE = { min: 1.1, max: 2.0 } as const;

/** The service's codes: `direction` 0 down, 1 right, 2 up, 3 left. */
export const PAN_DIRECTION_NAMES = ['down', 'right', 'up', 'left'] as const;
export type PanDirection = (typeof PAN_DIRECTION_NAMES)[number];
/** How far a pan extends the image in its direction. */
export const PAN_SCALE = { min: 1.1, max: 3.0 } as const;

/** The clips' size, each at its `videoType` code: 0 480p, 1 720p. */
export const VIDEO_RESOLUTIONS = ['480p', '720p'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];
