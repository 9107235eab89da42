import { Field, inputClass } from '@/web/components/ui/field';
import { RequestError } from '@/web/components/ui/request-error';
import { describeError } from '@/web/lib/describe-error';
import { StudioApiError } from '@/web/lib/http';
import { fieldOf } from '../api/people-queries';

/**
 * A refusal of a form's request, split: the message of the field it names (shown under
 * that field), or, naming none, a banner over the form.
 */
export function refusalOf<F extends string>(error: unknown, fields: readonly F[]) {
  if (!error) return { field: null, message: null };
  const field = error instanceof StudioApiError ? fieldOf(error.message, fields) : null;
  return { field, message: describeError(error).title };
}

/** The banner of a refusal that names no field. */
export function FormRefusal({
  error,
  named,
  onDismiss,
}: {
  error: unknown;
  named: boolean;
  onDismiss: () => void;
}) {
  return error && !named ? <RequestError error={error} onDismiss={onDismiss} /> : null;
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  hint?: string;
  error: string | null;
}

/** A labelled one-line input with its hint and the refusal that names it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  hint,
  error,
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(c) => (
        <input
          {...c}
          type={type}
          className={inputClass}
          value={value}
          autoComplete={type === 'password' ? 'new-password' : 'off'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
