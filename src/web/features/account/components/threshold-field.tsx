import { useState } from 'react';
import { Field, inputClass } from '@/web/components/ui/field';
import { useThresholdActions, useThresholdCredits } from '../stores/threshold-store';
import { parseThreshold } from '../utils/threshold';

/**
 * The user's own low-balance alert: below this many credits the studio shows its banner.
 * Kept in this browser; empty means only the service's alert counts.
 */
export function ThresholdField() {
  const stored = useThresholdCredits();
  const { thresholdSet } = useThresholdActions();
  const [text, setText] = useState(stored === null ? '' : String(stored));
  const parsed = parseThreshold(text);
  return (
    <Field
      id="low-balance-threshold"
      label="Alert me below (credits)"
      hint="Kept in this browser. Empty: only the image service’s own alert."
      error={'error' in parsed ? parsed.error : null}
    >
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          autoComplete="off"
          className={`${inputClass} max-w-48 font-mono`}
          value={text}
          placeholder="e.g. 1000"
          onChange={(e) => {
            setText(e.target.value);
            const next = parseThreshold(e.target.value);
            if ('credits' in next) thresholdSet(next.credits);
          }}
        />
      )}
    </Field>
  );
}
