import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import {
  COACHING_SYSTEM_PROMPT,
  coachingUserPrompt,
  deterministicCoaching,
  type Coaching,
} from '../domain/coaching-text';
import type { SwingReport } from '../../swing-engine/rules';
import { OpenAiCoach } from '../infrastructure/coaching/openai-coach';

/**
 * The coaching paragraph: from the language model when OPENAI_API_KEY is set (prompted with the
 * measured report only), else, or when that call fails, the deterministic text.
 */
@Injectable()
export class CoachingService {
  private readonly logger = new Logger('Coaching');
  private readonly coach: OpenAiCoach | null;

  constructor(config: AppConfig) {
    this.coach = config.OPENAI_API_KEY
      ? new OpenAiCoach(config.OPENAI_API_KEY, config.OPENAI_BASE_URL, config.OPENAI_MODEL)
      : null;
  }

  async write(report: SwingReport): Promise<Coaching> {
    if (this.coach) {
      try {
        const text = await this.coach.write(COACHING_SYSTEM_PROMPT, coachingUserPrompt(report));
        return { text, source: 'language-model' };
      } catch (error) {
        this.logger.warn(`language model unavailable, using the measured text: ${String(error)}`);
      }
    }
    return deterministicCoaching(report);
  }
}
