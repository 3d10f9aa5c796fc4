import { Global, Injectable, Logger, Module } from '@nestjs/common';

/**
 * Facts one module announces and others react to (ARCHITECTURE: "or by reacting to a domain
 * event"). In-process and synchronous to publish; a failing listener is logged and never fails
 * the publisher. Add each event here so publishers and listeners share one typed name.
 */
export interface DomainEventMap {
  /** Billing moved a golfer to premium or back to free. */
  'billing.premium-changed': { userId: string; isPremium: boolean; occurredAt: Date };
  /** A swing video upload was accepted and its analysis queued: gamification awards points. */
  'analysis.upload-succeeded': {
    analysisId: string;
    userId: string;
    club: string | null;
    occurredAt: Date;
  };
  /** A golfer completed an exercise of the day (its points already awarded, maybe 0). */
  'workout.exercise-completed': {
    userId: string;
    exerciseName: string;
    pointsAwarded: number;
    completed: number;
    total: number;
    occurredAt: Date;
  };
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (event: DomainEventMap[K]) => unknown;

@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly listeners = new Map<DomainEventName, Listener<DomainEventName>[]>();

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<DomainEventName>);
    this.listeners.set(name, list);
  }

  /** Runs every listener; resolves when all have settled. */
  async publish<K extends DomainEventName>(name: K, event: DomainEventMap[K]): Promise<void> {
    const list = this.listeners.get(name) ?? [];
    await Promise.all(
      list.map(async (listener) => {
        try {
          await listener(event);
        } catch (error) {
          this.logger.error(`${name} listener failed: ${(error as Error).stack ?? String(error)}`);
        }
      }),
    );
  }
}

@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
