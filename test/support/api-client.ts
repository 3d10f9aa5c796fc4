import request from 'supertest';

/**
 * A signed-in (or anonymous) API client: supertest agent keeping the session cookie, sending the
 * session's CSRF token on every state-changing call.
 */
export class ApiClient {
  readonly agent: ReturnType<typeof request.agent>;
  csrf = '';

  constructor(readonly baseUrl: string) {
    this.agent = request.agent(baseUrl);
  }

  async refreshCsrf(): Promise<string> {
    const res = await this.agent.get('/api/auth/csrf').expect(200);
    this.csrf = (res.body as { csrfToken: string }).csrfToken;
    return this.csrf;
  }

  async signUp(user: { email: string; password: string; firstName: string; lastName: string }) {
    await this.refreshCsrf();
    const res = await this.agent.post('/api/signup').set('x-csrf-token', this.csrf).send(user);
    await this.refreshCsrf(); // a new session comes with a new token
    return res;
  }

  async signIn(email: string, password: string) {
    await this.refreshCsrf();
    const res = await this.agent
      .post('/api/login')
      .set('x-csrf-token', this.csrf)
      .send({ email, password });
    await this.refreshCsrf();
    return res;
  }

  get(path: string) {
    return this.agent.get(path).set('accept', 'application/json');
  }
  patch(path: string, body?: object) {
    return this.agent
      .patch(path)
      .set('x-csrf-token', this.csrf)
      .send(body ?? {});
  }
  post(path: string, body?: object) {
    return this.agent
      .post(path)
      .set('x-csrf-token', this.csrf)
      .send(body ?? {});
  }
  delete(path: string) {
    return this.agent.delete(path).set('x-csrf-token', this.csrf);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'golfer'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.test`;
}
