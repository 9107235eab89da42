import type { MenuItem } from '@/web/components/ui/menu';
import { MenuSections } from '@/web/components/ui/menu-sections';
import type { JobActions } from './use-job-actions';
import type { MenuCapability } from '@/web/jobs/utils/action-plan';
import type { MenuEntry } from '@/web/jobs/utils/menu-entries';
import { menuGroups } from '@/web/jobs/utils/menu-entries';

export interface ImageMenuItemsProps {
  imageNo: number;
  capabilities: MenuCapability[];
  actions: JobActions;
  onSelect: (item: MenuItem) => void;
}

/** What an image's "⋯" menu offers, grouped; shown only while the menu is open. */
export function ImageMenuItems({ imageNo, capabilities, actions, onSelect }: ImageMenuItemsProps) {
  const toItem = (e: MenuEntry): MenuItem => ({
    id: e.id,
    label: e.label,
    ariaLabel: e.ariaLabel,
    onSelect: () =>
      'action' in e.target
        ? actions.run(e.target.action)
        : actions.openDialog({ kind: e.target.dialog, imageNo }),
  });
  const sections = menuGroups(capabilities, imageNo).map((g) => ({
    id: g.id,
    heading: g.heading,
    row: g.row?.map(toItem),
    items: g.items.map(toItem),
  }));
  return <MenuSections sections={sections} onSelect={onSelect} />;
}
