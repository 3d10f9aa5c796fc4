import type { MetaFunction } from '@remix-run/node';
import { AdminLoginScreen } from '~/components/admin/AdminLoginScreen';

export const meta: MetaFunction = () => [{ title: 'Admin Login · SwingFit' }];

export default function AdminLogin() {
  return <AdminLoginScreen />;
}
