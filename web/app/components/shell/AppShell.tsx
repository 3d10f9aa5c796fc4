import type { ReactNode } from 'react';
import { initials } from '../../../../src/modules/identity/domain/public-user';
import { useRootData } from '~/lib/root-data';
import { Header } from './Header';
import { TabBar } from './TabBar';

interface ShellUser {
  firstName: string | null;
  lastName: string | null;
}

/** Header on every screen, the page, and the four tabs. */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const { csrfToken, unreadCount } = useRootData();
  return (
    <div className="min-h-screen pb-20">
      <Header initials={initials(user)} csrfToken={csrfToken} initialUnread={unreadCount} />
      <main className="mx-auto max-w-3xl px-4 pb-6 pt-4">{children}</main>
      <TabBar />
    </div>
  );
}
