import type { PoseTrack } from '../pose-track';
import { withoutRepeatedFrames } from './repeated-frames';
import { swingSignals, type SwingSignals } from './swing-signals';
import { turnedUpright, uprightTurn, type UprightTurn } from './upright-turn';

/** A posed track made ready for the event rules, as the analysis and its measures read it. */
export interface EventTrack {
  /** The track with pulldown's repeated frames out, so speeds are measured as filmed. */
  track: PoseTrack;
  /** How far the picture turns to stand the golfer upright (a clip stored on its side). */
  turn: UprightTurn;
  /** `track` turned upright: what the event rules read. */
  upright: PoseTrack;
  signals: SwingSignals;
}

/**
 * The steps before the event rules, in one place so the analysis, `eval:events` and the
 * learned events' training data read the same track.
 */
export function eventTrack(posed: PoseTrack): EventTrack {
  const track = withoutRepeatedFrames(posed);
  const turn = uprightTurn(track);
  const upright = turnedUpright(track, turn);
  return { track, turn, upright, signals: swingSignals(upright) };
}
