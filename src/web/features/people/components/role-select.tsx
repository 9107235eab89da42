import { ROLES, type Role } from '@/contract/people';
import { inputClass } from '@/web/components/ui/field';
import { cn } from '@/web/lib/cn';

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** The roles `me` may give: an owner any, an admin all but owner (as the studio rules). */
export const rolesFor = (me: Role | null): readonly Role[] =>
  me === 'owner' ? ROLES : ROLES.filter((r) => r !== 'owner');

interface RoleSelectProps {
  id: string;
  value: Role;
  onChange: (role: Role) => void;
  /** The roles to choose from; the current value is shown even when it is not one of them. */
  roles: readonly Role[];
  disabled?: boolean;
  label?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}

/** A native select of roles: keyboard and screen readers as the platform gives them. */
export function RoleSelect({ value, onChange, roles, label, className, ...rest }: RoleSelectProps) {
  const shown = roles.includes(value) ? roles : [value, ...roles];
  return (
    <select
      {...rest}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
      className={cn(inputClass, 'w-auto min-w-28 py-1.5 disabled:opacity-60', className)}
    >
      {shown.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}
