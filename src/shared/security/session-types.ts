import 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Kept for RP-initiated logout at the identity provider. */
    idToken?: string;
    /** One-shot message for the next page (sign-in errors after a form post). */
    flash?: { error?: string; fields?: Record<string, string[]>; email?: string };
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
