import 'express-session';

/** The one-shot message a failed sign-in or sign-up form post leaves for the form. */
export interface AuthFlash {
  error?: string;
  fields?: Record<string, string[]>;
  /** What the user typed, so the form comes back filled in (never the password). */
  email?: string;
  firstName?: string;
  lastName?: string;
}

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Epoch milliseconds of the sign-in; the absolute lifetime counts from here. */
    signedInAt?: number;
    /** Kept for RP-initiated logout at the identity provider. */
    idToken?: string;
    /** Epoch milliseconds (app clock) until which this browser holds the admin panel. */
    adminUntil?: number;
    /** One-shot message for the next page (sign-in errors after a form post). */
    flash?: AuthFlash;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      userId?: string;
    }
  }
}
