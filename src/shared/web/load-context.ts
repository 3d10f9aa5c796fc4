import type {} from '@remix-run/server-runtime';
import type { IdentityService } from '../../modules/identity/application/identity.service';
import type { NotificationsService } from '../../modules/notifications/application/notifications.service';
import type { SwingAnalysesService } from '../../modules/analysis/application/swing-analyses.service';
import type { UploadQuotaService } from '../../modules/analysis/application/upload-quota.service';

/** The application services Remix loaders and actions call (never HTTP to ourselves). */
export interface AppServices {
  identity: IdentityService;
  notifications: NotificationsService;
  /** The signed-in golfer's analyses: cards, details, monthly averages (as the /api calls). */
  analyses: SwingAnalysesService;
  /** Upload status and usage limits. */
  uploadQuotas: UploadQuotaService;
}

export interface SignInFlash {
  error?: string;
  fields?: Record<string, string[]>;
  email?: string;
}

/** What every Remix loader and action receives as `context`. */
export interface WebLoadContext {
  services: AppServices;
  /** The signed-in user's id, or null. */
  userId: string | null;
  /** The session's CSRF token, for forms (`_csrf`) and fetch calls (`x-csrf-token`). */
  csrfToken: string;
  /** Per-request nonce allowed by the Content-Security-Policy for inline scripts. */
  nonce: string;
  authMode: 'local' | 'oidc';
  /** Checks the `_csrf` field of a Remix form post against the session. */
  isCsrfValid(token: unknown): boolean;
  /** Reads and clears the one-shot sign-in message. */
  takeFlash(): SignInFlash | undefined;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
