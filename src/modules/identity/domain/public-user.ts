import type { UserEntity } from './user.entity';

/** The user as the browser and the /api see it: no credentials, numbers as numbers. */
export interface PublicUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  handicap: number | null;
  city: string | null;
  state: string | null;
  isPremium: boolean;
  streak: number;
  monthlyPoints: number;
  totalPoints: number;
  weeklyPoints: number;
  videoUploadsUsed: number;
  analysisViewsUsed: number;
  workoutViewsUsed: number;
  createdAt: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionEndDate: string | null;
  welcomeDismissed: boolean;
  signInMethod: 'local' | 'oidc';
}

export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    handicap: user.handicap === null ? null : Number(user.handicap),
    city: user.city,
    state: user.state,
    isPremium: user.isPremium,
    streak: user.streak,
    monthlyPoints: user.monthlyPoints,
    totalPoints: user.totalPoints,
    weeklyPoints: user.weeklyPoints,
    videoUploadsUsed: user.videoUploadsUsed,
    analysisViewsUsed: user.analysisViewsUsed,
    workoutViewsUsed: user.workoutViewsUsed,
    createdAt: user.createdAt.toISOString(),
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
    subscriptionEndDate: user.subscriptionEndDate?.toISOString() ?? null,
    welcomeDismissed: user.welcomeDismissed,
    signInMethod: user.oidcSubject ? 'oidc' : 'local',
  };
}

/** First letters of first and last name; 'U' when both are missing. */
export function initials(user: Pick<PublicUser, 'firstName' | 'lastName'>): string {
  const letters = [user.firstName, user.lastName]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || 'U';
}

/** A profile is complete once the fields the Personal Information card shows are filled. */
export function isProfileComplete(user: PublicUser): boolean {
  return (
    [user.firstName, user.lastName, user.email, user.city, user.state].every(Boolean) &&
    user.handicap !== null
  );
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
