import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
export const SKIP_CSRF = 'skipCsrf';

/** The route answers without a signed-in user. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route is called by another server (webhooks), never by a browser with our cookie. */
export const SkipCsrf = () => SetMetadata(SKIP_CSRF, true);
