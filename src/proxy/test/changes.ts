import type { JobChange } from '../store/history';

/** What a watcher of the history heard of: the job's handle, or the handles that moved. */
export const handleOf = (c: JobChange): string =>
  c.type === 'places' ? c.handles.join(',') : c.handle;
