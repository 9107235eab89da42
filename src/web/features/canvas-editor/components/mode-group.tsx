/** A row of mutually exclusive modes (what a shape or a wand click does to the mask). */
export function ModeGroup<M extends string>(props: {
  label: string;
  title?: string;
  modes: readonly { id: M; label: string; hint?: string }[];
  value: M;
  onChange: (mode: M) => void;
}) {
  return (
    <div role="radiogroup" aria-label={props.label} title={props.title} className="flex gap-1">
      {props.modes.map((m) => (
        <button
          key={m.id}
          type="button"
          role="radio"
          aria-checked={props.value === m.id}
          title={m.hint}
          onClick={() => props.onChange(m.id)}
          className="h-7 rounded-md px-2 ring-1 ring-zinc-700 aria-checked:bg-zinc-200 aria-checked:text-zinc-900"
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
