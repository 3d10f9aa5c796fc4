/**
 * The user a request names: the screens' literal "me" is '1' (spec section 7: /user/1,
 * /daily-workout/1), which stands for the signed-in user; any other id names that user.
 */
export function namedUserId(actorId: string, userId: string): string {
  return userId === '1' ? actorId : userId;
}
