import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  NotFoundError,
  UnauthorizedError,
  ValidationFailedError,
} from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { UserEntity } from '../domain/user.entity';
import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/public-user';
import { AttemptLimiter, PasswordHashing, SessionRevocation } from './ports';
import { weakPasswordMessage } from './password-strength';
import { ChangePasswordDto, SignInDto, SignUpDto, UpdateUserDto } from './user-inputs';

export interface OidcClaims {
  issuer: string;
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** Accounts, sign-in and the profile. Every method that touches a user checks who is asking. */
@Injectable()
export class IdentityService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHashing,
    private readonly emailChanges: AttemptLimiter,
    private readonly sessions: SessionRevocation,
  ) {}

  async signUp(input: unknown): Promise<PublicUser> {
    const dto = await validateInput(SignUpDto, input);
    const weak = weakPasswordMessage(dto.password, [dto.email, dto.firstName, dto.lastName]);
    if (weak) throw new ValidationFailedError({ password: [weak] });
    const em = this.em.fork();
    const user = em.create(UserEntity, {
      email: normaliseEmail(dto.email),
      firstName: dto.firstName,
      lastName: dto.lastName,
      passwordHash: await this.hasher.hash(dto.password),
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        // Deliberately vague: the form must not confirm which emails have accounts.
        throw new ValidationFailedError({
          email: [
            'We could not create an account with these details. If you already have an account, sign in instead.',
          ],
        });
      }
      throw error;
    }
    return toPublicUser(user);
  }

  /** Same message and the same hashing cost whether the email is unknown or the password wrong. */
  async signIn(input: unknown): Promise<PublicUser> {
    const dto = await validateInput(SignInDto, input);
    const em = this.em.fork();
    const user = await em.findOne(
      UserEntity,
      { email: normaliseEmail(dto.email) },
      { populate: ['passwordHash'] },
    );
    const ok = await this.hasher.verify(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) throw new UnauthorizedError('Incorrect email or password.');
    return toPublicUser(user);
  }

  /** Finds the account of an OIDC subject, creating it from the claims on first sign-in. */
  async signInWithOidc(claims: OidcClaims): Promise<PublicUser> {
    const em = this.em.fork();
    const existing = await em.findOne(UserEntity, {
      oidcIssuer: claims.issuer,
      oidcSubject: claims.sub,
    });
    if (existing) return toPublicUser(existing);

    const [given, ...rest] = (claims.name ?? '').split(' ');
    const email = claims.email ? normaliseEmail(claims.email) : null;
    const emailTaken = email ? (await em.count(UserEntity, { email })) > 0 : false;
    const user = em.create(UserEntity, {
      oidcIssuer: claims.issuer,
      oidcSubject: claims.sub,
      // An email already used by another account is left off rather than linking the two.
      email: emailTaken ? null : email,
      firstName: claims.given_name ?? (given || null),
      lastName: claims.family_name ?? (rest.join(' ') || null),
    });
    await em.flush();
    return toPublicUser(user);
  }

  /** The signed-in user's own record; null when the session points at a deleted account. */
  async currentUser(userId: string): Promise<PublicUser | null> {
    const user = await this.em.fork().findOne(UserEntity, { id: userId });
    return user ? toPublicUser(user) : null;
  }

  /**
   * How other golfers see these users on a leaderboard: first name and last initial, and their
   * state; never an email.
   */
  async leaderboardProfiles(ids: string[]): Promise<Map<string, LeaderboardProfile>> {
    if (ids.length === 0) return new Map();
    const users = await this.em.fork().find(UserEntity, { id: { $in: ids } });
    return new Map(
      users.map((u) => [
        u.id,
        { displayName: displayName(u.firstName, u.lastName), state: u.state },
      ]),
    );
  }

  /** Users whose profile names this state (case and spaces ignored), for a state leaderboard. */
  async userIdsInState(state: string): Promise<string[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>(
        'select "id" from "users" where lower(trim("state")) = lower(trim(?))',
        [state],
        'all',
      );
    return rows.map((r) => r.id);
  }

  /** Admin panel: how many golfers there are, and how many are premium. */
  async golferCounts(): Promise<{ total: number; premium: number; free: number }> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ total: string; premium: string }>>(
        `select count(*) as "total", count(*) filter (where "is_premium") as "premium" from "users"`,
        [],
        'all',
      );
    const total = Number(row?.total ?? 0);
    const premium = Number(row?.premium ?? 0);
    return { total, premium, free: total - premium };
  }

  /**
   * Admin panel: a page of golfers, newest first, whose email or name contains `search`
   * (case-insensitive; a scan of 10,000 golfers takes milliseconds, see bench:admin-users).
   */
  async directory(query: {
    search: string;
    offset: number;
    limit: number;
  }): Promise<{ matching: number; users: DirectoryUser[] }> {
    const db = this.em.fork().getConnection();
    // One lower-cased column holds email, first and last name (migration user_search_text).
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = query.search ? `where "search_text" like ?` : '';
    const params = query.search ? [pattern] : [];
    const [count] = await db.execute<Array<{ n: string }>>(
      `select count(*) as "n" from "users" ${where}`,
      params,
      'all',
    );
    const rows = await db.execute<
      Array<{
        id: string;
        email: string | null;
        first_name: string | null;
        last_name: string | null;
        is_premium: boolean;
        created_at: Date | string;
        analysis_views_used: number;
      }>
    >(
      `select "id", "email", "first_name", "last_name", "is_premium", "created_at", "analysis_views_used"
         from "users" ${where} order by "created_at" desc, "id" limit ? offset ?`,
      [...params, query.limit, query.offset],
      'all',
    );
    return {
      matching: Number(count?.n ?? 0),
      users: rows.map((r) => ({
        id: r.id,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        isPremium: r.is_premium,
        createdAt: new Date(r.created_at).toISOString(),
        analysisViewsUsed: r.analysis_views_used,
      })),
    };
  }

  /** Admin reset of a usage counter kept on the user (spec section 7's reset-usage fields). */
  async resetUsageCounter(
    userId: string,
    field: 'videoUploadsUsed' | 'analysisViewsUsed' | 'workoutViewsUsed',
  ): Promise<boolean> {
    const column = {
      videoUploadsUsed: 'video_uploads_used',
      analysisViewsUsed: 'analysis_views_used',
      workoutViewsUsed: 'workout_views_used',
    }[field];
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>(
        `update "users" set "${column}" = 0, "updated_at" = now() where "id" = ? returning "id"`,
        [userId],
        'all',
      );
    return rows.length > 0;
  }

  /** The signed-in golfer's own record (callers pass the session's user id). */
  async getUser(userId: string): Promise<PublicUser> {
    const user = await this.em.fork().findOne(UserEntity, { id: userId });
    if (!user) throw new NotFoundError('User Not Found: Unable to load user profile');
    return toPublicUser(user);
  }

  async updateProfile(userId: string, input: unknown): Promise<PublicUser> {
    const dto = await validateInput(UpdateUserDto, input);
    const em = this.em.fork();
    const user = await em.findOne(UserEntity, { id: userId });
    if (!user) throw new NotFoundError('User Not Found: Unable to load user profile');

    if (dto.firstName !== undefined) user.firstName = dto.firstName;
    if (dto.lastName !== undefined) user.lastName = dto.lastName;
    if (dto.email !== undefined && normaliseEmail(dto.email) !== user.email) {
      // A taken address cannot be accepted silently, so the answer tells it apart from a free one;
      // the limit keeps that from becoming a way to list who has an account.
      if (!(await this.emailChanges.tryAttempt(`email-change:${userId}`))) {
        throw new ValidationFailedError({
          email: ['Too many email changes. Please wait a minute and try again.'],
        });
      }
      user.email = normaliseEmail(dto.email);
    }
    if (dto.handicap !== undefined)
      user.handicap = dto.handicap === null ? null : dto.handicap.toFixed(1);
    if (dto.city !== undefined) user.city = dto.city;
    if (dto.state !== undefined) user.state = dto.state;
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new ValidationFailedError({ email: ['This email cannot be used. Try another one.'] });
      }
      throw error;
    }
    return toPublicUser(user);
  }

  /**
   * Local accounts only; the current password must be right. Ends every session of the user
   * (ASVS 3.3.3): the caller starts a new one for the browser that made the change.
   */
  async changePassword(userId: string, input: unknown): Promise<void> {
    const dto = await validateInput(ChangePasswordDto, input);
    const em = this.em.fork();
    const user = await em.findOne(UserEntity, { id: userId }, { populate: ['passwordHash'] });
    if (!user) throw new NotFoundError('User Not Found: Unable to load user profile');
    if (!user.passwordHash) {
      throw new ValidationFailedError({
        currentPassword: [
          'This account signs in through your identity provider; change the password there.',
        ],
      });
    }
    if (!(await this.hasher.verify(user.passwordHash, dto.currentPassword))) {
      throw new ValidationFailedError({
        currentPassword: ['Your current password is not correct.'],
      });
    }
    const weak = weakPasswordMessage(dto.newPassword, [user.email, user.firstName, user.lastName]);
    if (weak) throw new ValidationFailedError({ newPassword: [weak] });
    user.passwordHash = await this.hasher.hash(dto.newPassword);
    await em.flush();
    await this.sessions.endAllSessionsOf(user.id);
  }

  /** Counts an accepted swing upload on the user's usage counter (spec: videoUploadsUsed). */
  async recordVideoUpload(userId: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        'update "users" set "video_uploads_used" = "video_uploads_used" + 1, "updated_at" = now() where "id" = ?',
        [userId],
      );
  }

  /**
   * The premium flag and the billing fields of spec section 3's User, as billing decided them.
   * Returns whether the flag changed.
   */
  async setBilling(userId: string, billing: UserBilling): Promise<boolean> {
    const [row] = await this.em
      .fork()
      .getConnection()
      .execute<Array<{ was_premium: boolean }>>(
        `update "users" u set "is_premium" = ?, "stripe_customer_id" = ?,
                "stripe_subscription_id" = ?, "subscription_end_date" = ?, "updated_at" = now()
           from (select "is_premium" as "was_premium" from "users" where "id" = ? for update) old
          where u."id" = ?
          returning old."was_premium"`,
        [
          billing.isPremium,
          billing.stripeCustomerId,
          billing.stripeSubscriptionId,
          billing.subscriptionEndDate,
          userId,
          userId,
        ],
        'all',
      );
    return row !== undefined && row.was_premium !== billing.isPremium;
  }

  async dismissWelcome(userId: string): Promise<void> {
    await this.em.fork().nativeUpdate(UserEntity, { id: userId }, { welcomeDismissed: true });
  }
}

/** A golfer as the admin panel lists them. */
export interface DirectoryUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  isPremium: boolean;
  createdAt: string;
  analysisViewsUsed: number;
}

export interface UserBilling {
  isPremium: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** The end of the period paid for (renewal, or the end of a cancelled subscription). */
  subscriptionEndDate: Date | null;
}

export interface LeaderboardProfile {
  displayName: string;
  state: string | null;
}

/** 'Tiger W.'; 'Tiger' without a last name; 'Golfer' without a first name. */
export function displayName(first: string | null, last: string | null): string {
  const given = first?.trim() || 'Golfer';
  const initial = last?.trim().charAt(0).toUpperCase();
  return initial ? `${given} ${initial}.` : given;
}
