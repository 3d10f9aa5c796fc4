import type { ReactNode } from 'react';
import { Logo } from '~/components/shell/Logo';

/** The frame of the sign-in and sign-up pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center bg-gradient-to-b from-brand-light to-slate-50 px-4 py-10">
      <Logo className="h-14 w-14" />
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900">{title}</h1>
      <p className="mt-1 text-center text-slate-600">{subtitle}</p>
      <div className="mt-6 w-full max-w-sm rounded-2xl bg-white p-6 shadow-lg">{children}</div>
    </main>
  );
}

export function Field(props: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  errors?: string[];
  required?: boolean;
  minLength?: number;
  hint?: string;
}) {
  const id = `field-${props.name}`;
  const errorId = `${id}-error`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-700">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required={props.required}
        minLength={props.minLength}
        aria-invalid={props.errors?.length ? true : undefined}
        aria-describedby={props.errors?.length ? errorId : undefined}
        className="w-full rounded-xl border border-slate-300 px-3 py-2.5 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 aria-[invalid]:border-red-500"
      />
      {props.hint && !props.errors?.length && (
        <p className="mt-1 text-xs text-slate-500">{props.hint}</p>
      )}
      {props.errors?.map((message) => (
        <p key={message} id={errorId} className="mt-1 text-sm text-red-600">
          {message}
        </p>
      ))}
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {message}
    </div>
  );
}

export const submitClass =
  'w-full rounded-xl bg-brand py-3 text-base font-bold text-white shadow-sm hover:bg-brand-dark disabled:opacity-60';
