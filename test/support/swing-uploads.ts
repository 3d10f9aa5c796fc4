import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { swingFixtures } from '../../src/modules/swing-engine/infrastructure/video/test-clips';
import type { ApiClient } from './api-client';
import { CEILING } from './readiness';

export interface UploadParts {
  faceOnVideo?: string | { buffer: Buffer; filename: string };
  downTheLineVideo?: string;
  fields?: Record<string, string | number>;
}

/** POST /api/swing-analyses as the browser sends it (multipart, CSRF header). */
export function postUpload(client: ApiClient, parts: UploadParts) {
  let req = client.agent
    .post('/api/swing-analyses')
    .set('x-csrf-token', client.csrf)
    .set('accept', 'application/json');
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    req = req.field(name, String(value));
  }
  if (typeof parts.faceOnVideo === 'string') req = req.attach('faceOnVideo', parts.faceOnVideo);
  else if (parts.faceOnVideo) {
    req = req.attach('faceOnVideo', parts.faceOnVideo.buffer, parts.faceOnVideo.filename);
  }
  if (parts.downTheLineVideo) req = req.attach('downTheLineVideo', parts.downTheLineVideo);
  return req;
}

/** Every file under the uploads folder (relative paths). */
export function uploadedFiles(uploadsDir: string): string[] {
  if (!existsSync(uploadsDir)) return [];
  return readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)));
}

/** Direct access to the app's test database, for what no API exposes (premium, counts). */
export class Rows {
  private constructor(private readonly client: Client) {}

  static async connect(databaseUrl: string): Promise<Rows> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    return new Rows(client);
  }

  async makePremium(userId: string): Promise<void> {
    await this.client.query('update users set is_premium = true where id = $1', [userId]);
  }

  async count(table: 'swing_analyses' | 'upload_slots' | 'notifications', userId: string) {
    const { rows } = await this.client.query<{ n: string }>(
      `select count(*) as n from ${table} where user_id = $1`,
      [userId],
    );
    return Number(rows[0]!.n);
  }

  async query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }

  /**
   * The types of the user's notifications once `count` exist (or after the UI ceiling), then
   * 0.5 s more so a duplicate would show: the runner writes the notification just after the
   * completion commits, so a test that saw `complete` may look a moment too early.
   */
  async settledNotificationTypes(userId: string, count = 1): Promise<string[]> {
    const types = async () =>
      (
        await this.query<{ type: string }>(
          'select type from notifications where user_id = $1 order by created_at',
          [userId],
        )
      ).map((n) => n.type);
    const deadline = Date.now() + CEILING.ui;
    while ((await types()).length < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500));
    return types();
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/**
 * A real swing clip from the shared fixtures, or null with the reason printed (an error under
 * CI=true, where nothing may skip). Never copied into the repository.
 */
export function realSwing(file = 'fo_pro_iron_a.mp4'): string | null {
  const fixtures = swingFixtures();
  if ('missing' in fixtures) {
    if (process.env['CI'] === 'true') throw new Error(fixtures.missing);
    console.warn(`skipping the real-footage part: ${fixtures.missing}`);
    return null;
  }
  return path.join(fixtures.dir, file);
}

/** Polls GET ?status_only=true until the analysis has finished (complete or failed). */
export async function waitForAnalysis(
  client: ApiClient,
  id: string,
  timeoutMs = CEILING.analysis,
): Promise<{ status: string; hasError: boolean; isComplete: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/swing-analyses/${id}?status_only=true`);
    const body = res.body as { status: string; hasError: boolean; isComplete: boolean };
    if (res.status === 200 && (body.status === 'complete' || body.status === 'failed')) return body;
    if (Date.now() > deadline) throw new Error(`analysis ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
