import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Logo } from '~/components/shell/Logo';
import { useRootData } from '~/lib/root-data';

export const meta: MetaFunction = () => [{ title: 'SwingFit on your phone' }];

/** A phone-sized welcome screen, for previewing the app on a desktop. */
export default function MobilePreview() {
  // Signed in, the page sits between the app's header and tab bar (about 11rem together), and
  // the frame must fit between them, or the tab bar hides Get Started on a phone.
  const { user } = useRootData();
  const fit = user
    ? 'max-h-[calc(100vh-11rem)] supports-[height:100dvh]:max-h-[calc(100dvh-11rem)]'
    : 'max-h-[92vh]';
  return (
    <div
      className={`flex items-center justify-center bg-slate-200 p-4 ${user ? 'rounded-2xl' : 'min-h-screen'}`}
    >
      <div
        data-testid="mobile-preview"
        className={`flex h-[780px] ${fit} w-[375px] max-w-full flex-col items-center justify-between overflow-hidden rounded-[2.5rem] border-8 border-slate-900 bg-gradient-to-b from-brand to-brand-dark p-8 text-center text-white shadow-2xl`}
      >
        <div />
        <div>
          <Logo className="mx-auto h-20 w-20" />
          <h1 className="mt-6 text-3xl font-extrabold">Welcome to SwingFit</h1>
          <p className="mt-2 text-lg font-medium text-green-100">Move Better, Play Longer</p>
          <p className="mt-4 text-sm text-green-50/90">
            Measure your swing from a video, get a mobility workout made for it, and climb the
            monthly leaderboard.
          </p>
        </div>
        <Link
          to="/home"
          className="w-full rounded-2xl bg-white py-4 text-lg font-bold text-brand-dark shadow-lg"
        >
          Get Started
        </Link>
      </div>
    </div>
  );
}
