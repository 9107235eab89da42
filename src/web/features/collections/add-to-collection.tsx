import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Collection, CollectionItem } from '@/contract/collections';
import { COLLECTION_NAME_MAX } from '@/contract/collections';
import { DialogForm, FormDialog } from '@/web/components/ui/form-dialog';
import { Field, inputClass } from '@/web/components/ui/field';
import { MenuButton, type MenuItem, type MenuSection } from '@/web/components/ui/menu';
import { MenuSections } from '@/web/components/ui/menu-sections';
import { useMe } from '@/web/jobs/hooks/use-job-rights';
import { cn } from '@/web/lib/cn';
import { describeError } from '@/web/lib/describe-error';
import { collectionChanges, collectionQueries, mayManage } from './api';

export interface AddToCollectionProps {
  /** What the menu adds: one image, a whole job, or a selection's jobs. */
  items: readonly CollectionItem[];
  /** The trigger's accessible name, e.g. "Add image 2 to a collection". */
  label: string;
  /** `icon` on a tile or a card; `button` (with its words) in a toolbar. */
  variant?: 'icon' | 'button';
  /** After something was added (a selection then ends). */
  onAdded?: () => void;
  /** The trigger's look, in place of the variant's. */
  className?: string;
}

type Note = { kind: 'status' | 'alert'; text: string } | null;

const ICON =
  'grid size-7 place-items-center rounded-md text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-zinc-100';
const BUTTON =
  'inline-flex h-7 items-center rounded-md px-2.5 text-xs font-medium text-zinc-300 hover:bg-zinc-800 hover:text-zinc-100';

const same = (a: CollectionItem, b: number | null) => (a.image ?? null) === b;

/** Whether a collection holds the one item the menu is for (only then is it a toggle). */
const holdsOne = (c: Collection, items: readonly CollectionItem[]): boolean => {
  const [only] = items;
  return items.length === 1 && only !== undefined && (c.holds ?? []).some((h) => same(only, h));
};

/**
 * "Add to collection": the person's collections (all of them for an admin or an owner),
 * each adding what the menu is for, or removing it where a collection holds that one
 * result already (✓), and "New collection…", which asks a name and makes one holding it.
 * What happened is said beside the trigger for a few seconds (an error until the next try).
 */
export function AddToCollection({
  items,
  label,
  variant = 'icon',
  onAdded,
  className,
}: AddToCollectionProps) {
  const client = useQueryClient();
  const single = new Set(items.map((i) => i.job)).size === 1 ? items[0]?.job : undefined;
  const [naming, setNaming] = useState(false);
  const [note, setNote] = useState<Note>(null);
  useEffect(() => {
    if (note?.kind !== 'status') return;
    const t = window.setTimeout(() => setNote(null), 5000);
    return () => window.clearTimeout(t);
  }, [note]);

  const changes = collectionChanges(client);
  const toggle = async (c: Collection) => {
    const remove = holdsOne(c, items);
    try {
      await changes.items(c.id, items, !remove);
      setNote({ kind: 'status', text: `${remove ? 'Removed from' : 'Added to'} “${c.name}”` });
      if (!remove) onAdded?.();
    } catch (err) {
      setNote({ kind: 'alert', text: describeError(err).title });
    }
  };
  return (
    <span className="relative inline-flex">
      <MenuButton
        label={label}
        menuLabel="Collections"
        className={className ?? (variant === 'icon' ? ICON : BUTTON)}
        content={(select) => (
          <MenuContent
            items={items}
            job={single}
            onSelect={select}
            onToggle={(c) => void toggle(c)}
            onNew={() => setNaming(true)}
          />
        )}
      >
        {variant === 'icon' ? <FolderGlyph /> : 'Add to collection'}
      </MenuButton>
      {note ? (
        <span
          role={note.kind}
          className={cn(
            'text-xs',
            variant === 'icon'
              ? 'absolute top-8 right-0 z-10 w-max max-w-56 rounded bg-black/85 px-2 py-1'
              : 'ml-2 self-center',
            note.kind === 'alert' ? 'text-red-300' : 'text-zinc-300',
          )}
        >
          {note.text}
        </span>
      ) : null}
      <NewCollectionDialog
        open={naming}
        onClose={() => setNaming(false)}
        onMade={(c) => {
          setNaming(false);
          setNote({ kind: 'status', text: `Added to “${c.name}”` });
          onAdded?.();
        }}
        make={(name) => changes.make(name, items)}
      />
    </span>
  );
}

interface MenuContentProps {
  items: readonly CollectionItem[];
  /** The one job the items are of, if one: the menu then says which collections hold it. */
  job: string | undefined;
  onSelect: (item: MenuItem) => void;
  onToggle: (c: Collection) => void;
  onNew: () => void;
}

/** The menu while it is open: the collections are asked for then, not before. */
function MenuContent({ items, job, onSelect, onToggle, onNew }: MenuContentProps) {
  const me = useMe();
  const list = useQuery(collectionQueries.list(job));
  const ref = useRef<HTMLDivElement>(null);
  // The items came after the menu opened: the first takes the focus the menu held.
  useEffect(() => {
    const menu = ref.current?.closest('[role="menu"]');
    if (list.data && menu && document.activeElement === menu) {
      ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    }
  }, [list.data]);
  if (list.isPending) return <p className="px-2 py-1.5 text-zinc-400">Loading…</p>;
  if (list.isError) {
    return <p className="px-2 py-1.5 text-red-300">{describeError(list.error).title}</p>;
  }
  const mine = list.data.filter((c) => mayManage(me, c));
  const sections: MenuSection[] = [
    {
      id: 'new',
      items: [{ id: 'new', label: 'New collection…', onSelect: onNew }],
    },
  ];
  if (mine.length > 0) {
    sections.unshift({
      id: 'collections',
      heading: 'Collections',
      items: mine.map((c): MenuItem => {
        const held = holdsOne(c, items);
        return {
          id: c.id,
          label: <CollectionLabel collection={c} held={held} />,
          ariaLabel: held ? `Remove from ${c.name}` : `Add to ${c.name}`,
          onSelect: () => onToggle(c),
        };
      }),
    });
  }
  return (
    <div ref={ref}>
      <MenuSections sections={sections} onSelect={onSelect} />
    </div>
  );
}

function CollectionLabel({ collection, held }: { collection: Collection; held: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="w-3 text-indigo-300">
        {held ? '✓' : ''}
      </span>
      <span className="truncate">{collection.name}</span>
      <span className="ml-auto text-xs text-zinc-500">{collection.items}</span>
    </span>
  );
}

function FolderGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-none stroke-current">
      <path
        strokeWidth="1.5"
        strokeLinejoin="round"
        d="M2.5 5.5a1 1 0 0 1 1-1h4l1.5 2h7.5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-13a1 1 0 0 1-1-1z"
      />
      <path strokeWidth="1.5" strokeLinecap="round" d="M10 9v4M8 11h4" />
    </svg>
  );
}

interface NewCollectionDialogProps {
  open: boolean;
  onClose: () => void;
  onMade: (c: Collection) => void;
  make: (name: string) => Promise<Collection>;
}

/** Asks a name (1 to 80 characters) and makes the collection; the studio's refusal shows. */
function NewCollectionDialog({ open, onClose, onMade, make }: NewCollectionDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title="New collection">
      <NameForm
        submitLabel="Make collection"
        initial=""
        onCancel={onClose}
        save={make}
        onSaved={onMade}
      />
    </FormDialog>
  );
}

interface NameFormProps {
  submitLabel: string;
  initial: string;
  onCancel: () => void;
  save: (name: string) => Promise<Collection>;
  onSaved: (c: Collection) => void;
}

/** A collection's name, checked as the studio checks it, then saved. */
export function NameForm({ submitLabel, initial, onCancel, save, onSaved }: NameFormProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = () => {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > COLLECTION_NAME_MAX) {
      setError(`Name: must be 1 to ${COLLECTION_NAME_MAX} characters.`);
      return;
    }
    if (busy) return;
    setBusy(true);
    setError(null);
    save(trimmed).then(onSaved, (err: unknown) => {
      setBusy(false);
      setError(describeError(err).title);
    });
  };
  return (
    <DialogForm submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <Field id="collection-name" label="Name" error={error}>
        {(control) => (
          <input
            {...control}
            autoFocus
            value={name}
            maxLength={COLLECTION_NAME_MAX + 20}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
    </DialogForm>
  );
}
