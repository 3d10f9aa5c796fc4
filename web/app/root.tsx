import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
} from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import stylesheet from './tailwind.css';
import { AppShell } from './components/shell/AppShell';
import { NotFound } from './components/NotFound';
import { Toaster } from './ui/Toaster';
import { useNonce } from './lib/nonce';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = ({ error }) => [
  // A 404 thrown by a route's loader (an analysis that is not yours) shows the 404 page.
  {
    title:
      isRouteErrorResponse(error) && error.status === 404
        ? 'Page Not Found · SwingFit'
        : 'SwingFit: Move Better, Play Longer',
  },
  { name: 'description', content: 'An AI-powered mobility app for a stronger swing.' },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const user = context.userId ? await context.services.identity.currentUser(context.userId) : null;
  const unreadCount = user ? await context.services.notifications.unreadCount(user.id) : 0;
  return { user, unreadCount, csrfToken: context.csrfToken, authMode: context.authMode };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#15803d" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Every route change starts at the top of the page. The page first shown is left where the browser
 * put it: a visitor may scroll, or tap, before hydration ends, and a jump then would lose it.
 */
function useScrollTopOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

export default function App() {
  const { user } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  useScrollTopOnNavigation();
  // The operator's pages have their own header, never a golfer's tabs.
  const admin = pathname === '/admin-login' || pathname.startsWith('/admin');
  return (
    <>
      {user && !admin ? (
        <AppShell user={user}>
          <Outlet />
        </AppShell>
      ) : (
        <Outlet />
      )}
      <Toaster />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="mt-16 text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">
        {isRouteErrorResponse(error) ? `${error.status}: ${error.statusText}` : 'Please try again.'}
      </p>
      <a
        href="/"
        className="mt-6 inline-block rounded-xl bg-brand px-5 py-3 font-semibold text-white"
      >
        Back to Home
      </a>
    </main>
  );
}
