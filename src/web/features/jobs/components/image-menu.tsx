import type { MenuItem, MenuSection } from '@/web/components/ui/menu';
import { MenuButton } from '@/web/components/ui/menu';
import type { JobActions } from '../hooks/use-job-actions';
import type { MenuCapability } from '../utils/action-plan';
import type { MenuEntry } from '../utils/menu-entries';
import { menuGroups } from '../utils/menu-entries';

interface ImageMenuProps {
  imageNo: number;
  capabilities: MenuCapability[];
  actions: JobActions;
}

/** The "⋯" on an image: every follow-up for that one image that is not a U or V button. */
export function ImageMenu({ imageNo, capabilities, actions }: ImageMenuProps) {
  if (capabilities.length === 0) return null;
  const toItem = (e: MenuEntry): MenuItem => ({
    id: e.id,
    label: e.label,
    ariaLabel: e.ariaLabel,
    onSelect: () =>
      'action' in e.target
        ? actions.run(e.target.action)
        : actions.openDialog({ kind: e.target.dialog, imageNo }),
  });
  const sections: MenuSection[] = menuGroups(capabilities, imageNo).map((g) => ({
    id: g.id,
    heading: g.heading,
    row: g.row?.map(toItem),
    items: g.items.map(toItem),
  }));
  const n = imageNo + 1;
  return (
    <MenuButton
      label={`More actions for image ${n}`}
      menuLabel={`Actions for image ${n}`}
      sections={sections}
      className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-md bg-zinc-950/70 text-zinc-100 ring-1 ring-white/10 backdrop-blur transition-opacity hover:bg-zinc-900 pointer-fine:opacity-0 pointer-fine:group-hover/tile:opacity-100 pointer-fine:group-focus-within/tile:opacity-100 pointer-fine:aria-expanded:opacity-100"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <circle cx="4.5" cy="10" r="1.6" />
        <circle cx="10" cy="10" r="1.6" />
        <circle cx="15.5" cy="10" r="1.6" />
      </svg>
    </MenuButton>
  );
}
