import type { MetaFunction } from '@remix-run/node';
import { AdminUsersScreen } from '~/components/admin/AdminUsersScreen';

export const meta: MetaFunction = () => [{ title: 'Admin · SwingFit' }];

/** The data comes from /api/admin in the browser: a 401 or 403 there leads to /admin-login. */
export default function AdminUsers() {
  return <AdminUsersScreen />;
}
