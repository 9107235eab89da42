import { cn } from '@/web/lib/cn';
import type { MenuItem, MenuSection } from './menu';

/** A menu's items, in sections: what a MenuButton shows while it is open. */
export function MenuSections({
  sections,
  onSelect,
}: {
  sections: MenuSection[];
  onSelect: (item: MenuItem) => void;
}) {
  return sections.map((s) => <Section key={s.id} section={s} onSelect={onSelect} />);
}

function Section({ section, onSelect }: { section: MenuSection; onSelect: (i: MenuItem) => void }) {
  const { heading, row = [], items } = section;
  return (
    <div role="group" aria-label={heading} className="border-zinc-800 py-1 not-first:border-t">
      {heading ? (
        <div
          aria-hidden="true"
          className="px-2 pb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase"
        >
          {heading}
        </div>
      ) : null}
      {row.length > 0 ? (
        <div className="flex gap-1 px-1 pb-1">
          {row.map((item) => (
            <Item
              key={item.id}
              item={item}
              onSelect={onSelect}
              className="h-8 flex-1 text-center"
            />
          ))}
        </div>
      ) : null}
      {items.map((item) => (
        <Item
          key={item.id}
          item={item}
          onSelect={onSelect}
          className="w-full px-2 py-1.5 text-left"
        />
      ))}
    </div>
  );
}

interface ItemProps {
  item: MenuItem;
  onSelect: (i: MenuItem) => void;
  className: string;
}

function Item({ item, onSelect, className }: ItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-label={item.ariaLabel}
      title={item.ariaLabel}
      onClick={() => onSelect(item)}
      className={cn(
        'block rounded-md hover:bg-zinc-800 focus:bg-zinc-800 focus:outline-none',
        className,
      )}
    >
      {item.label}
    </button>
  );
}
