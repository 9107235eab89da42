/**
 * Parts of the studio that exist in the interface but not yet in the browser. A control
 * whose flag is false is not rendered at all, so no button leads nowhere.
 */
export const FEATURES = {
  /** The canvas editor of "Vary region" and "Edit" (issue 6). */
  canvasEditorAvailable: true,
} as const;
