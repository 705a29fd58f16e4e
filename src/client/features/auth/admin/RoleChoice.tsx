import type { SelectHTMLAttributes } from 'react';
import { ROLE_NAMES, type StaffRole } from '../../../../shared/staff';
import * as fieldStyles from '../../../components/ui/form/Field.css';

/**
 * A choice of role among those the signed-in person may give: labelled (a form's field) or, with
 * `aria-label`, bare (a row of the staff list).
 */
export function RoleChoice({
  label,
  roles,
  className,
  ...select
}: { label?: string; roles: readonly StaffRole[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const choice = (
    <select className={`${fieldStyles.control.panel} ${className ?? ''}`} {...select}>
      {roles.map((r) => (
        <option key={r} value={r}>
          {ROLE_NAMES[r]}
        </option>
      ))}
    </select>
  );
  if (!label) return choice;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={select.id} className={fieldStyles.label}>
        {label}
      </label>
      {choice}
    </div>
  );
}
