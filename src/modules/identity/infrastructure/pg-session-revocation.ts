import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SessionRevocation } from '../application/ports';

/**
 * Sessions are rows of user_sessions (connect-pg-simple, `sess` is JSON holding `userId`).
 * Deleting them signs the user out everywhere at once; unmodified sessions are only ever
 * touched (UPDATE) by later requests, so a deleted row does not come back.
 */
@Injectable()
export class PgSessionRevocation implements SessionRevocation {
  constructor(private readonly em: EntityManager) {}

  async endAllSessionsOf(userId: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(`delete from "user_sessions" where "sess"->>'userId' = ?`, [userId]);
  }
}
