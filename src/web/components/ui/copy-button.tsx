import { useEffect, useState } from 'react';
import { Button } from './button';

const SHOWN_MS = 1500;

interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy prompt 2"; the visible text is "Copy". */
  label: string;
}

/** Copies `text` to the clipboard and says so for a moment (also to screen readers). */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), SHOWN_MS);
    return () => clearTimeout(t);
  }, [state]);

  const copy = () => {
    // The clipboard is missing outside secure contexts (plain http on another host).
    const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <>
      <Button size="sm" variant="ghost" aria-label={label} onClick={copy}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  );
}
