/**
 * How the event rules are judged (issue 17, decision 0019): the share of labelled events found
 * within the clip's tolerance (PCE), the same over address, top and impact only, and the finish
 * within three times the tolerance (the golfer's coming to rest has no sharp frame). Clips are
 * split once into tuning and validation by a hash of the file name, so anyone can recompute the
 * split and the validation clips are never tuned on.
 */
import { createHash } from 'node:crypto';
import { SWING_EVENTS, type SwingEventName } from '../pose-track';
import { median } from './signal';

export type CorpusSplit = 'tuning' | 'validation';

/** About a third of the clips validate: the first byte of SHA-256(file name) below 0x55. */
export function splitOf(fileName: string): CorpusSplit {
  const base = fileName.split('/').pop() ?? fileName;
  const first = createHash('sha256').update(base, 'utf8').digest()[0]!;
  return first < 0x55 ? 'validation' : 'tuning';
}

export interface EventOutcome {
  event: SwingEventName;
  /** Predicted minus labelled frame; null when the engine found no swing. */
  error: number | null;
  tolerance: number;
  /** Whether the engine reported this event as sure (its confidence above one half). */
  sure?: boolean;
  /**
   * Whether the clip has all eight events labelled (GolfDB's own labels): PCE over those clips
   * is the figure SwingNet's published 76.1% was measured as.
   */
  allEightLabelled?: boolean;
  /**
   * Whether the clip was labelled by eye (the shared fixtures and most of the corpus's phone
   * clips, as the product owner labels) rather than with GolfDB's published labels.
   */
  byEye?: boolean;
}

interface Count {
  correct: number;
  total: number;
}

export interface EventScores {
  perEvent: Partial<Record<SwingEventName, Count>>;
  /** All labelled events within tolerance. */
  pce: Count;
  /** Address, top and impact within tolerance. */
  pceAddressTopImpact: Count;
  /** The finish within three times the tolerance. */
  finishWithin3x: Count;
  /** All events within tolerance, over the clips with all eight labelled (SwingNet's measure). */
  pceAllEight: Count;
  /**
   * How far the reported confidence can be trusted: the events the engine called sure and
   * those it marked uncertain, each within tolerance (a clip it failed on counts as neither).
   */
  sure: Count;
  uncertain: Count;
  /**
   * Each event's median signed error in tolerances, over the clips with a swing found: where
   * the rules put it against where its labellers do (negative: earlier).
   */
  medianError: Partial<Record<SwingEventName, number>>;
}

const KEY_EVENTS: readonly SwingEventName[] = ['address', 'top', 'impact'];
const within = (o: EventOutcome, factor: number) =>
  o.error !== null && Math.abs(o.error) <= o.tolerance * factor;

export function scoreEvents(outcomes: readonly EventOutcome[]): EventScores {
  const count = (list: readonly EventOutcome[], factor = 1): Count => ({
    correct: list.filter((o) => within(o, factor)).length,
    total: list.length,
  });
  const perEvent: EventScores['perEvent'] = {};
  const medianError: EventScores['medianError'] = {};
  for (const event of SWING_EVENTS) {
    const list = outcomes.filter((o) => o.event === event);
    if (list.length) perEvent[event] = count(list);
    const errors = list.flatMap((o) => (o.error === null ? [] : [o.error / o.tolerance]));
    if (errors.length) medianError[event] = median(errors);
  }
  return {
    perEvent,
    pce: count(outcomes),
    pceAddressTopImpact: count(outcomes.filter((o) => KEY_EVENTS.includes(o.event))),
    finishWithin3x: count(
      outcomes.filter((o) => o.event === 'finish'),
      3,
    ),
    pceAllEight: count(outcomes.filter((o) => o.allEightLabelled)),
    sure: count(outcomes.filter((o) => o.sure === true)),
    uncertain: count(outcomes.filter((o) => o.sure === false)),
    medianError,
  };
}

export const percent = (c: Count): string =>
  c.total ? `${((100 * c.correct) / c.total).toFixed(1)}% (${c.correct}/${c.total})` : 'n/a';
