import { StatusBadge } from '../components/status-badge';
import { formatAdminDate } from '../lib/admin-api';
import { type Column, cellStyle } from './entity-tab';

/** The 'Status' column of an item that can be switched off: Active or Inactive. */
export function statusColumn<T extends { isActive: boolean }>(): Column<T> {
  return { header: 'Status', cell: (item) => <StatusBadge active={item.isActive} /> };
}

/** The 'Created' column: the day the item was added. */
export function createdColumn<T extends { createdAt: string }>(): Column<T> {
  return { header: 'Created', cell: (item) => formatAdminDate(item.createdAt), className: cellStyle.nowrap };
}
