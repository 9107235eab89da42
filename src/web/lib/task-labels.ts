/** `remove_background` → `Remove background`: a task type as people read it. */
export const taskTypeLabel = (t: string): string => {
  const words = t.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
