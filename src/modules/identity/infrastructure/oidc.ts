import { Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import * as client from 'openid-client';
import { Strategy } from 'openid-client/passport';
import { AppConfig } from '../../../shared/config/app-config';
import { IdentityService, type OidcClaims } from '../application/identity.service';
import type { PublicUser } from '../domain/public-user';

export const OIDC_STRATEGY = 'oidc';

/** The discovered provider, kept for RP-initiated logout. Null when OIDC is not configured. */
@Injectable()
export class OidcClient {
  constructor(readonly configuration: client.Configuration | null) {}

  static async discover(config: AppConfig): Promise<OidcClient> {
    if (!config.OIDC_ISSUER_URL) return new OidcClient(null);
    const logger = new Logger('OIDC');
    try {
      const configuration = await client.discovery(
        new URL(config.OIDC_ISSUER_URL),
        config.OIDC_CLIENT_ID!,
        config.OIDC_CLIENT_SECRET!,
        undefined,
        config.OIDC_ALLOW_INSECURE ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      logger.log(`signing in through ${configuration.serverMetadata().issuer}`);
      return new OidcClient(configuration);
    } catch (error) {
      throw new Error(
        `OIDC_ISSUER_URL=${config.OIDC_ISSUER_URL}: discovery failed (${(error as Error).message})`,
      );
    }
  }

  /** Where to send the browser to end the IdP session too, or null without OIDC. */
  endSessionUrl(idToken: string | undefined, postLogoutRedirect: string): string | null {
    if (!this.configuration?.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(this.configuration, {
      post_logout_redirect_uri: postLogoutRedirect,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  }
}

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/** Authorization code + PKCE through openid-client's passport strategy. */
export class OidcStrategy extends PassportStrategy(Strategy, OIDC_STRATEGY) {
  constructor(
    configuration: client.Configuration,
    config: AppConfig,
    private readonly identity: IdentityService,
  ) {
    super({
      config: configuration,
      scope: config.OIDC_SCOPES,
      callbackURL: new URL('/api/callback', config.PUBLIC_URL).href,
      sessionKey: 'oidc',
    });
  }

  async validate(tokens: Tokens): Promise<PublicUser & { idToken?: string }> {
    const claims = tokens.claims();
    if (!claims) throw new Error('The identity provider returned no ID token.');
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const user = await this.identity.signInWithOidc({
      issuer: claims.iss,
      sub: claims.sub,
      email: str(claims['email']),
      given_name: str(claims['given_name']),
      family_name: str(claims['family_name']),
      name: str(claims['name']),
    } satisfies OidcClaims);
    return { ...user, idToken: tokens.id_token };
  }
}
