import { useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';

import {
  TOAST_DEFAULT_DURATION,
  dismiss,
  getServerToasts,
  getToasts,
  subscribe,
  toast,
  type ToastItem,
} from './toast-store';

// Module-level so the returned object is referentially stable across renders.
const TOAST_API = { toast, dismiss } as const;

export function useToast(): typeof TOAST_API {
  return TOAST_API;
}

const ROOT_BASE =
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl ' +
  'p-4 pr-11 shadow-lg ring-1 data-[state=open]:animate-slide-in-right ' +
  // Radix exposes the drag distance as CSS variables; follow the finger, snap back on cancel.
  'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ' +
  'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform ' +
  'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]';

const VARIANT_CLASSES: Record<ToastItem['variant'], string> = {
  default: 'bg-white text-gray-900 ring-black/5',
  destructive: 'bg-red-600 text-white ring-red-700',
};

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === 'destructive';
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismiss(item.id);
      }}
      duration={item.duration}
      // Errors interrupt screen readers; routine confirmations wait politely.
      type={destructive ? 'foreground' : 'background'}
      className={`${ROOT_BASE} ${VARIANT_CLASSES[item.variant]}`}
    >
      <div className="min-w-0 flex-1">
        <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
        {item.description ? (
          <Toast.Description
            className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-gray-600'}`}
          >
            {item.description}
          </Toast.Description>
        ) : null}
      </div>
      <Toast.Close
        aria-label="Close"
        className={`absolute right-2 top-2 flex h-8 w-8 items-center justify-center rounded-full text-lg leading-none focus:outline-none focus-visible:ring-2 ${
          destructive
            ? 'text-white/80 hover:bg-white/15 hover:text-white focus-visible:ring-white'
            : 'text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:ring-brand'
        }`}
      >
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}

export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getToasts, getServerToasts);

  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DEFAULT_DURATION}>
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      {/* Mobile: full width just below the 56px header. sm+: bottom-right stack.
          pointer-events-none so the empty region never swallows taps on the page beneath. */}
      <Toast.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed inset-x-0 top-14 z-[2147483647] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:bottom-0 sm:right-0 sm:top-auto sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
