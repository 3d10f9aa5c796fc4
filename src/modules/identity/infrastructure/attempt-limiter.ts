import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { AppConfig } from '../../../shared/config/app-config';
import { AttemptLimiter } from '../application/ports';

/**
 * The same in-memory counter @nestjs/throttler keeps for sign-in, with the same limit
 * (LOGIN_RATE_LIMIT per minute), for attempts that are not Nest routes (the profile's email change).
 */
@Injectable()
export class ThrottlerAttemptLimiter implements AttemptLimiter, OnApplicationShutdown {
  private readonly storage = new ThrottlerStorageService();

  constructor(private readonly config: AppConfig) {}

  async tryAttempt(key: string): Promise<boolean> {
    const limit = this.config.LOGIN_RATE_LIMIT;
    const record = await this.storage.increment(key, 60_000, limit, 60_000, 'identity');
    return !record.isBlocked && record.totalHits <= limit;
  }

  onApplicationShutdown(): void {
    this.storage.onApplicationShutdown();
  }
}
