import { startApp, type RunningApp } from '../support/app-server';
import { cookieHeader, postChunked, residentBytes } from '../support/raw-http';
import { signUpUser, type SignedUp } from '../support/users';

import { HOOK_TIMEOUT } from '../support/readiness';
const MB = 1024 * 1024;
const BODY_BYTES = 300 * MB;

/**
 * Fault 3 of issue 12: the 1 MB limit on form posts was checked only against Content-Length,
 * so a chunked 300 MB post was read whole (the server grew by about 800 MB). The body must be
 * cut off at the limit as it streams in, with resident memory growing by under 50 MB.
 */
describe('a chunked form post far past the limit', () => {
  let app: RunningApp;
  let golfer: SignedUp;

  beforeAll(async () => {
    app = await startApp();
    golfer = await signUpUser(app.url);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.stop();
  }, HOOK_TIMEOUT);

  /** Posts 300 MB chunked while sampling the server's resident memory; the largest growth. */
  async function postWatchingMemory(path: string, contentType: string, head: string) {
    const before = await residentBytes(app.pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await residentBytes(app.pid));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const answer = await postChunked(
      new URL(path, app.url),
      {
        cookie: cookieHeader(golfer),
        'x-csrf-token': golfer.client.csrf,
        'content-type': contentType,
      },
      head,
      BODY_BYTES,
    );
    // Memory taken by the body would still be held: sample a little longer.
    for (let i = 0; i < 10; i += 1) {
      peak = Math.max(peak, await residentBytes(app.pid));
      await new Promise((r) => setTimeout(r, 20));
    }
    sampling = false;
    await sampler;
    return { ...answer, growth: peak - before };
  }

  it('to a Remix action is cut off at 1 MB, and the server keeps serving forms', async () => {
    // Warm up the route so its first render is not counted as growth.
    await golfer.client.get('/profile').expect(200);
    const res = await postWatchingMemory(
      '/profile?_data=routes%2Fprofile',
      'application/x-www-form-urlencoded',
      `_csrf=${encodeURIComponent(golfer.client.csrf)}&firstName=`,
    );
    expect(res).toMatchObject({
      status: 413,
      text: 'This form is too large to send: the limit is 1 MB.',
    });
    expect(res.sent).toBeLessThan(BODY_BYTES);
    expect(res.growth).toBeLessThan(50 * MB);

    // The same form, of an ordinary size, still goes through.
    const ok = await golfer.client.agent.post('/profile?_data=routes%2Fprofile').type('form').send({
      _csrf: golfer.client.csrf,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: golfer.user.email,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, user: { firstName: 'Grace', lastName: 'Hopper' } });
  });

  it('a multipart form cut off before its end answers 400, not a server error', async () => {
    const res = await postChunked(
      new URL('/profile?_data=routes%2Fprofile', app.url),
      { cookie: cookieHeader(golfer), 'content-type': 'multipart/form-data; boundary=X' },
      '--X\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nabc',
      0,
    );
    expect(res).toMatchObject({
      status: 400,
      text: 'The form could not be read. Please try again.',
    });
  });

  it('to an /api JSON call is refused by the body parser, Content-Length or not', async () => {
    // body-parser keeps at most 100 kB but reads the rest off before it answers, so this sends
    // 20 MB rather than 300 (its memory, measured at 300 MB: see issue 12's report).
    const res = await postChunked(
      new URL('/api/login', app.url),
      { 'content-type': 'application/json', 'x-csrf-token': golfer.client.csrf },
      '{"email":"',
      20 * MB,
    );
    expect(res.status).toBe(413);
    await golfer.client.get('/api/auth/user').expect(200);
  });
});
