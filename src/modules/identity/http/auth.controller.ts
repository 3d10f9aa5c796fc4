import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AppConfig } from '../../../shared/config/app-config';
import { Public } from '../../../shared/security/public.decorator';
import { SESSION_COOKIE, startSignedInSession } from '../../../shared/security/session';
import { csrfToken } from '../../../shared/security/csrf';
import { UnauthorizedError } from '../../../shared/errors/app-errors';
import { IdentityService } from '../application/identity.service';
import type { PublicUser } from '../domain/public-user';
import { OidcClient } from '../infrastructure/oidc';
import { wantsJson } from './auth-http';
import { AuthFormErrorFilter } from './auth-form-error.filter';
import { OidcCallbackGuard, OidcLoginGuard } from './oidc.guards';

// The admin panel's password attempts are counted apart (admin module).
@SkipThrottle({ admin: true })
@Controller()
export class AuthController {
  constructor(
    private readonly identity: IdentityService,
    private readonly config: AppConfig,
    @Inject(OidcClient) private readonly oidc: OidcClient,
  ) {}

  /** Starts sign-in: the OIDC code flow when configured, otherwise our sign-in page. */
  @Public()
  @Get('login')
  @UseGuards(OidcLoginGuard)
  login(@Req() req: Request, @Res() res: Response) {
    // Local accounts: signed-in users come here from Profile's Change Password.
    res.redirect(303, req.session?.userId ? '/change-password' : '/login');
  }

  /** Local sign-in: an HTML form post (redirects) or JSON (answers JSON). */
  @Public()
  @Post('login')
  @UseGuards(ThrottlerGuard)
  @UseFilters(AuthFormErrorFilter)
  @HttpCode(200)
  async signIn(@Req() req: Request, @Res() res: Response) {
    if (this.config.oidcEnabled)
      throw new UnauthorizedError('Sign in with your identity provider.');
    const user = await this.identity.signIn(withoutCsrf(req.body));
    await startSignedInSession(req, user.id);
    return wantsJson(req) ? res.json(user) : res.redirect(303, '/');
  }

  @Public()
  @Post('signup')
  @UseGuards(ThrottlerGuard)
  @UseFilters(AuthFormErrorFilter)
  @HttpCode(201)
  async signUp(@Req() req: Request, @Res() res: Response) {
    if (this.config.oidcEnabled)
      throw new UnauthorizedError('Sign up with your identity provider.');
    const user = await this.identity.signUp(withoutCsrf(req.body));
    await startSignedInSession(req, user.id);
    return wantsJson(req) ? res.status(201).json(user) : res.redirect(303, '/');
  }

  @Public()
  @Get('callback')
  @UseGuards(OidcCallbackGuard)
  @UseFilters(AuthFormErrorFilter)
  async callback(@Req() req: Request, @Res() res: Response) {
    const user = req.user as PublicUser & { idToken?: string };
    await startSignedInSession(req, user.id, user.idToken);
    res.redirect(303, '/');
  }

  /** Ends our session, and the identity provider's when signed in through OIDC. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res() res: Response) {
    const idToken = req.session?.idToken;
    await new Promise<void>((resolve, reject) =>
      req.session ? req.session.destroy((err) => (err ? reject(err) : resolve())) : resolve(),
    );
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    const home = new URL('/', this.config.PUBLIC_URL).href;
    const redirectTo = this.oidc.endSessionUrl(idToken, home) ?? '/';
    return wantsJson(req) ? res.json({ redirectTo }) : res.redirect(303, redirectTo);
  }

  /** The session's CSRF token, for API clients that are not our pages. */
  @Public()
  @Get('auth/csrf')
  csrf(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return { csrfToken: csrfToken(req, res) };
  }

  @Get('auth/user')
  async currentUser(@Req() req: Request) {
    const user = await this.identity.currentUser(req.userId!);
    if (!user) throw new UnauthorizedError();
    return user;
  }
}

function withoutCsrf(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  delete rest['_csrf'];
  return rest;
}
