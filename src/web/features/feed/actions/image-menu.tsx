import { MenuButton } from '@/web/components/ui/menu';
import type { JobActions } from './use-job-actions';
import type { MenuCapability } from '@/web/jobs/utils/action-plan';
import { LazyImageMenuItems } from '../card/lazy-parts';

interface ImageMenuProps {
  imageNo: number;
  capabilities: MenuCapability[];
  actions: JobActions;
}

/** The "⋯" on an image: every follow-up for that one image that is not a U or V button. */
export function ImageMenu({ imageNo, capabilities, actions }: ImageMenuProps) {
  if (capabilities.length === 0) return null;
  const n = imageNo + 1;
  return (
    <MenuButton
      label={`More actions for image ${n}`}
      menuLabel={`Actions for image ${n}`}
      content={(select) => (
        <LazyImageMenuItems.Component
          imageNo={imageNo}
          capabilities={capabilities}
          actions={actions}
          onSelect={select}
        />
      )}
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
