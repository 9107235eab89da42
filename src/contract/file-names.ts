import { replaceHttpUrls } from './urls';

interface Named {
  prompt: string;
  operation: string;
  handle: string;
  /** From 0. */
  index: number;
  ext: string;
}

/**
 * A file name made from the prompt: its first words without flags or URLs, safe on every
 * file system, then the job's handle and the output's number (`red-fox-Ab12Cd34Ef56-2.png`).
 */
export function resultFileName({ prompt, operation, handle, index, ext }: Named): string {
  const words = replaceHttpUrls(prompt, ' ')
    .replace(/(^|\s)--\S+(\s+[^-\s]\S*)?/g, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const stem = (words ?? [operation]).join('-').slice(0, 60).replace(/-+$/, '');
  return `${stem}-${handle}-${index + 1}.${ext}`;
}
