import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete this analysis? This action cannot be undone.';

/** Asks before a delete (spec section 2); `onConfirm` runs on Delete. */
export function DeleteAnalysisDialog(props: { trigger: ReactNode; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">
            Delete Analysis
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {DELETE_CONFIRMATION}
          </AlertDialog.Description>
          <div className="mt-5 grid grid-cols-2 gap-2">
            <AlertDialog.Cancel className="rounded-xl border border-slate-300 py-2.5 font-semibold text-slate-700">
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={props.onConfirm}
              className="rounded-xl bg-red-600 py-2.5 font-semibold text-white hover:bg-red-700"
            >
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
