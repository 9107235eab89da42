/**
 * The service's numeric limits, without zod: the mask tracer's worker reads them and
 * should not carry the schema library for six numbers.
 */
export const PROMPT_MAX = 8192;
export const URL_MAX = 1024;
export const ENHANCE_URL_MAX = 2048;
export const MASK_SIDE_MIN = 500;
export const MASK_SIDE_MAX = 4096;
export const CANVAS_SIDE_MAX = 4096;
