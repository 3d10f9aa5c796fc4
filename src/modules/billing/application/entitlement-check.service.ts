import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../../shared/config/app-config';
import { describeError } from '../../../shared/errors/describe-error';
import { BillingService } from './billing.service';

const INTERVAL_NAME = 'billing-entitlement-check';

/**
 * Premium that ran out without an event (the end of a cancelled period, the end of a failed
 * payment's grace) drops to free at the next check: at boot, then every
 * ENTITLEMENT_CHECK_SECONDS. Idempotent, so two instances checking at once do no harm.
 */
@Injectable()
export class EntitlementCheckService implements OnApplicationBootstrap {
  private readonly logger = new Logger(EntitlementCheckService.name);
  private running = false;

  constructor(
    private readonly billing: BillingService,
    private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.check();
    const timer = setInterval(
      () => void this.check(),
      this.config.ENTITLEMENT_CHECK_SECONDS * 1000,
    );
    timer.unref();
    this.scheduler.addInterval(INTERVAL_NAME, timer);
  }

  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const dropped = await this.billing.settleLapsed();
      if (dropped > 0) this.logger.log(`${dropped} lapsed subscription(s) moved to free`);
    } catch (error) {
      this.logger.error(`entitlement check failed: ${describeError(error)}`);
    } finally {
      this.running = false;
    }
  }
}
