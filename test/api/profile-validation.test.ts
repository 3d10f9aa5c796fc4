import { startApp, type RunningApp } from '../support/app-server';
import { signUpUser, type PublicUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';

/** PATCH /api/users/{id}: only the profile fields, validated, all or nothing. */
describe('profile validation', () => {
  let app: RunningApp;
  let me: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    app = await startApp();
    me = await signUpUser(app.url, { firstName: 'Greg', lastName: 'Norman' });
    other = await signUpUser(app.url, { firstName: 'Nick', lastName: 'Faldo' });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.stop();
  }, HOOK_TIMEOUT);

  async function current(): Promise<PublicUser> {
    return (await me.client.get(`/api/users/${me.user.id}`).expect(200)).body as PublicUser;
  }

  describe('refuses bad bodies with field messages and changes nothing', () => {
    let before: PublicUser;

    beforeAll(async () => {
      // A known state with every field set, so "unchanged" means something for each field.
      const res = await me.client.patch(`/api/users/${me.user.id}`, {
        handicap: 7.5,
        city: 'Augusta',
        state: 'GA',
      });
      expect(res.status).toBe(200);
      before = await current();
      expect(before).toMatchObject({ handicap: 7.5, city: 'Augusta', isPremium: false });
    });

    afterEach(async () => {
      expect(await current()).toEqual(before);
    });

    it.each<[string, Record<string, unknown>, string, RegExp]>([
      ['non-numeric handicap', { handicap: 'abc', city: 'Changed' }, 'handicap', /number/i],
      ['handicap with two decimals', { handicap: 12.34, city: 'Changed' }, 'handicap', /decimal/i],
      ['handicap as text with two decimals', { handicap: '12.34' }, 'handicap', /decimal/i],
      ['handicap above 54', { handicap: 60, city: 'Changed' }, 'handicap', /at most 54/],
      ['handicap below -10', { handicap: -11 }, 'handicap', /at least -10/],
      ['invalid email', { email: 'not-an-email', firstName: 'Changed' }, 'email', /valid email/i],
      [
        'firstName of 101 characters',
        { firstName: 'x'.repeat(101), city: 'Changed' },
        'firstName',
        /100 characters/,
      ],
      ['lastName that is not text', { lastName: 42 }, 'lastName', /text/i],
      [
        'unknown field isPremium',
        { isPremium: true, firstName: 'Changed' },
        'isPremium',
        /isPremium/,
      ],
      ['unknown field totalPoints', { totalPoints: 1_000_000 }, 'totalPoints', /totalPoints/],
    ])('%s', async (_name, body, field, message) => {
      const res = await me.client.patch(`/api/users/${me.user.id}`, body);
      expect(res.status).toBe(400);
      const errors = (res.body as { errors?: Record<string, unknown> }).errors ?? {};
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
    });

    it('keeps isPremium false after trying to set it', async () => {
      const res = await me.client.patch(`/api/users/${me.user.id}`, { isPremium: true });
      expect(res.status).toBe(400);
      expect((await current()).isPremium).toBe(false);
      const session = await me.client.get('/api/auth/user').expect(200);
      expect(session.body.isPremium).toBe(false);
    });

    it.each<[string, string]>([
      ['a JSON array', JSON.stringify([{ firstName: 'Changed' }])],
      ['an empty JSON array', '[]'],
    ])('refuses %s as body with a body message', async (_name, body) => {
      const res = await me.client.agent
        .patch(`/api/users/${me.user.id}`)
        .set('x-csrf-token', me.client.csrf)
        .set('content-type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ body: [expect.any(String)] });
    });

    it.each<[string, string]>([
      ['a JSON string', '"firstName"'],
      ['a JSON number', '42'],
      ['a JSON null', 'null'],
      ['malformed JSON', '{"firstName": "Changed"'],
    ])('refuses %s as body', async (_name, body) => {
      const res = await me.client.agent
        .patch(`/api/users/${me.user.id}`)
        .set('x-csrf-token', me.client.csrf)
        .set('content-type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400 });
    });

    it("refuses another user's email with a field message", async () => {
      const res = await me.client.patch(`/api/users/${me.user.id}`, {
        email: other.user.email,
        firstName: 'Changed',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: [expect.any(String)] });
    });

    it('refuses a blank first name and keeps the stored one', async () => {
      const before = await current();
      for (const firstName of ['', '   ', null]) {
        const res = await me.client.patch(`/api/users/${me.user.id}`, { firstName, city: 'Reno' });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ firstName: ['Enter your first name.'] });
      }
      expect(await current()).toEqual(before);
    });

    it("refuses another user's email in different case and with spaces", async () => {
      const res = await me.client.patch(`/api/users/${me.user.id}`, {
        email: `  ${other.user.email!.toUpperCase()} `,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ email: [expect.any(String)] });
    });
  });

  describe('accepts a good PATCH', () => {
    it('updates names, email, handicap, city and state', async () => {
      const email = `New.Address.${Date.now()}@Example.test`;
      const res = await me.client.patch(`/api/users/${me.user.id}`, {
        firstName: 'Gregory',
        lastName: 'Norman-Smith',
        email,
        handicap: 12.3,
        city: 'Jupiter',
        state: 'FL',
      });
      expect(res.status).toBe(200);
      const expected = {
        id: me.user.id,
        firstName: 'Gregory',
        lastName: 'Norman-Smith',
        email: email.toLowerCase(),
        handicap: 12.3,
        city: 'Jupiter',
        state: 'FL',
        isPremium: false,
      };
      expect(res.body).toMatchObject(expected);
      expect(typeof res.body.handicap).toBe('number');
      const after = await current();
      expect(after).toMatchObject(expected);
      expect(typeof after.handicap).toBe('number');
      // The other user is untouched.
      const theirs = await other.client.get(`/api/users/${other.user.id}`).expect(200);
      expect(theirs.body).toMatchObject({ firstName: 'Nick', email: other.user.email });
    });

    it('accepts a plus handicap and a handicap sent as text, stored to one decimal', async () => {
      const plus = await me.client.patch(`/api/users/${me.user.id}`, { handicap: -2.5 });
      expect(plus.status).toBe(200);
      expect(plus.body.handicap).toBe(-2.5);
      const text = await me.client.patch(`/api/users/${me.user.id}`, { handicap: '18' });
      expect(text.status).toBe(200);
      expect(text.body.handicap).toBe(18);
      expect((await current()).handicap).toBe(18);
    });

    it('keeps fields that are not sent, and clears city with an empty string', async () => {
      const before = await current();
      const res = await me.client.patch(`/api/users/${me.user.id}`, { city: '' });
      expect(res.status).toBe(200);
      expect(await current()).toEqual({ ...before, city: null });
    });

    it('accepts keeping its own email', async () => {
      const before = await current();
      const res = await me.client.patch(`/api/users/${me.user.id}`, { email: before.email });
      expect(res.status).toBe(200);
      expect(await current()).toEqual(before);
    });
  });
});
