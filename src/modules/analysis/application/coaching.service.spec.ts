import { OpenAiFake } from '../../../../test/support/openai-fake';
import { COACHING_SYSTEM_PROMPT } from '../domain/coaching-text';
import type { SwingReport } from '../../swing-engine/rules';
import { OpenAiCoach } from '../infrastructure/coaching/openai-coach';
import { CoachingModel, CoachingService } from './coaching.service';

/** Only what the coaching text reads; the rest of a report does not matter here. */
const report = {
  faceOn: {
    handedness: 'right',
    metrics: [
      { key: 'shoulderTurn', label: 'Shoulder turn', value: 71.4, unit: 'deg', confidence: 0.8 },
      { key: 'hipTurn', label: 'Hip turn', value: 44, unit: 'deg', confidence: 0.2 },
    ],
  },
  downTheLine: null,
  assessment: {
    strengths: ['Hip turn in the tour range: 44°'],
    weaknesses: ['Limited shoulder turn: 71° at the top (target 85-95°)'],
    keyIssues: ['Limited shoulder turn (71°)'],
    recommendations: ['Build thoracic rotation so the shoulders can turn fully behind the ball.'],
    exerciseRecommendations: ['Open Book Thoracic Rotation', 'Thread the Needle'],
    drills: [
      { exercise: 'Open Book Thoracic Rotation', finding: 'Limited shoulder turn (71°)' },
      { exercise: 'Thread the Needle', finding: 'Limited shoulder turn (71°)' },
    ],
    mobilityAnalysis: {},
  },
  launchMonitor: null,
} as unknown as SwingReport;

describe('CoachingService', () => {
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await OpenAiFake.start();
  });
  afterAll(() => fake.close());

  it('writes the deterministic text from the measured report without a model', async () => {
    const coaching = await new CoachingService(null).write(report);
    expect(coaching.source).toBe('measured-rules');
    expect(coaching.text).toBe(
      'What is working: hip turn in the tour range: 44°. The main thing to work on: limited ' +
        'shoulder turn (71°). Build thoracic rotation so the shoulders can turn fully behind the ' +
        'ball. Start with Open Book Thoracic Rotation and Thread the Needle for limited shoulder turn (71°).',
    );
  });

  it('asks the OpenAI API with the measured facts only', async () => {
    const model = new OpenAiCoach('sk-test', fake.baseUrl, 'coach-model');
    const coaching = await new CoachingService(model).write(report);
    expect(coaching).toEqual({ text: fake.reply, source: 'language-model' });
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe('coach-model');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.messages[0]).toEqual({ role: 'system', content: COACHING_SYSTEM_PROMPT });
    const facts = sent.messages[1]!.content;
    expect(facts).toContain('Shoulder turn: 71.4° (confidence 0.80)');
    expect(facts).toContain('Key issue: Limited shoulder turn (71°)');
    // A metric below the confidence floor is not handed over.
    expect(facts).not.toContain('Hip turn: 44');
  });

  it('falls back to the deterministic text when the API fails', async () => {
    fake.status = 500;
    const model = new OpenAiCoach('sk-test', fake.baseUrl, 'coach-model');
    const coaching = await new CoachingService(model).write(report);
    fake.status = 200;
    expect(coaching.source).toBe('measured-rules');
  });

  it('falls back to the deterministic text when any model fails (no server)', async () => {
    class Broken extends CoachingModel {
      write(): Promise<string> {
        return Promise.reject(new Error('down'));
      }
    }
    const coaching = await new CoachingService(new Broken()).write(report);
    expect(coaching.source).toBe('measured-rules');
  });
});
