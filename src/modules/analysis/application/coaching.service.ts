import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  COACHING_SYSTEM_PROMPT,
  coachingUserPrompt,
  deterministicCoaching,
  type Coaching,
} from '../domain/coaching-text';
import type { SwingReport } from '../../swing-engine/rules';

/**
 * A language model writing one coaching paragraph (infrastructure/coaching/openai-coach.ts; bound
 * in analysis.module.ts only when OPENAI_API_KEY is set, else absent).
 */
export abstract class CoachingModel {
  /** Rejects when the model is unreachable or answers without text. */
  abstract write(system: string, user: string): Promise<string>;
}

/**
 * The coaching paragraph: from the language model when one is configured (prompted with the
 * measured report only), else, or when that call fails, the deterministic text.
 */
@Injectable()
export class CoachingService {
  private readonly logger = new Logger('Coaching');

  constructor(@Optional() @Inject(CoachingModel) private readonly model: CoachingModel | null) {}

  async write(report: SwingReport): Promise<Coaching> {
    if (this.model) {
      try {
        const text = await this.model.write(COACHING_SYSTEM_PROMPT, coachingUserPrompt(report));
        return { text, source: 'language-model' };
      } catch (error) {
        this.logger.warn(`language model unavailable, using the measured text: ${String(error)}`);
      }
    }
    return deterministicCoaching(report);
  }
}
