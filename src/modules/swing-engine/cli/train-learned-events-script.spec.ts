import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHOSEN_BY, RULE_KEPT_WITHIN, VOTE_SECONDS } from '../domain/swing/learned-events';
import { projectRoot } from '../infrastructure/project-root';

/** A constant of the training script, its Python literal read as JSON (None as null). */
function pythonConstant(source: string, name: string): unknown {
  const match = new RegExp(`^${name} = (.+)$`, 'm').exec(source);
  if (!match) throw new Error(`${name} is not in the training script`);
  return JSON.parse(match[1]!.replace(/'/g, '"').replace(/\bNone\b/g, 'null'));
}

describe('scripts/train-learned-events.py', () => {
  // Its cross-validation chooses each event's frame as learned-events.ts does, from copies of
  // the engine's settings: the figures it prints hold only while the copies match.
  it('chooses as the engine does: the vote, each event by its peak or middle, the margin', () => {
    const script = path.join(projectRoot(), 'scripts', 'train-learned-events.py');
    const source = readFileSync(script, 'utf8');
    expect(pythonConstant(source, 'VOTE_SECONDS')).toBe(VOTE_SECONDS);
    expect(pythonConstant(source, 'CHOSEN_BY')).toEqual(CHOSEN_BY);
    expect(pythonConstant(source, 'RULE_KEPT_WITHIN')).toEqual(RULE_KEPT_WITHIN);
  });
});
