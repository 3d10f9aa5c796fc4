import OpenAI from 'openai';
import { CoachingModel } from '../../application/coaching.service';

/** The OpenAI SDK (any compatible server through OPENAI_BASE_URL) writing one paragraph. */
export class OpenAiCoach extends CoachingModel {
  private readonly client: OpenAI;

  constructor(
    apiKey: string,
    baseURL: string | undefined,
    private readonly model: string,
    timeoutMs = 20_000,
  ) {
    super();
    this.client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries: 1 });
  }

  async write(system: string, user: string): Promise<string> {
    const completion = await this.client.chat.completions.create({
      model: this.model,
      temperature: 0.3,
      max_tokens: 220,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new Error('the language model answered without text');
    return text;
  }
}
