import type { MetaFunction } from '@remix-run/node';
import { AdminDownloadsScreen } from '~/components/admin/AdminDownloadsScreen';

export const meta: MetaFunction = () => [{ title: 'Admin Downloads · SwingFit' }];

export default function AdminDownloads() {
  return <AdminDownloadsScreen />;
}
