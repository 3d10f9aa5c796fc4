import type { PublicUser } from '../../src/modules/identity/domain/public-user';
import { ApiClient, uniqueEmail } from './api-client';

export type { PublicUser };

export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedUp {
  client: ApiClient;
  user: PublicUser;
  password: string;
}

/** Signs a new local user up through POST /api/signup (JSON) and returns their signed-in client. */
export async function signUpUser(
  baseUrl: string,
  details: Partial<{ email: string; firstName: string; lastName: string }> = {},
): Promise<SignedUp> {
  const client = new ApiClient(baseUrl);
  const res = await client.signUp({
    email: details.email ?? uniqueEmail(),
    password: TEST_PASSWORD,
    firstName: details.firstName ?? 'Ada',
    lastName: details.lastName ?? 'Lovelace',
  });
  if (res.status !== 201) {
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { client, user: res.body as PublicUser, password: TEST_PASSWORD };
}
