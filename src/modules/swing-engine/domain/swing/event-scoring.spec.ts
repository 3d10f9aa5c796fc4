import { percent, scoreEvents, splitOf, type EventOutcome } from './event-scoring';

describe('event scoring', () => {
  it('splits by file name alone, about a third for validation', () => {
    expect(splitOf('dir/a/clip.mp4')).toBe(splitOf('clip.mp4'));
    const names = Array.from({ length: 300 }, (_, i) => `swing_${i}.mp4`);
    const validation = names.filter((n) => splitOf(n) === 'validation').length;
    expect(validation).toBeGreaterThan(70);
    expect(validation).toBeLessThan(130);
  });

  it('counts PCE, the key events and the finish within three tolerances', () => {
    const outcomes: EventOutcome[] = [
      { event: 'address', error: 2, tolerance: 2 },
      { event: 'top', error: -3, tolerance: 2 },
      { event: 'impact', error: 0, tolerance: 2 },
      { event: 'finish', error: 5, tolerance: 2 },
      { event: 'address', error: null, tolerance: 1 },
    ];
    const scores = scoreEvents(outcomes);
    expect(scores.pce).toEqual({ correct: 2, total: 5 });
    expect(scores.pceAddressTopImpact).toEqual({ correct: 2, total: 4 });
    expect(scores.finishWithin3x).toEqual({ correct: 1, total: 1 });
    expect(scores.perEvent.address).toEqual({ correct: 1, total: 2 });
    expect(percent(scores.pce)).toBe('40.0% (2/5)');
    expect(percent({ correct: 0, total: 0 })).toBe('n/a');
  });

  it('scores the events called sure apart from those marked uncertain', () => {
    const scores = scoreEvents([
      { event: 'address', error: 0, tolerance: 1, sure: true },
      { event: 'top', error: 4, tolerance: 1, sure: true },
      { event: 'finish', error: 9, tolerance: 1, sure: false },
      { event: 'impact', error: null, tolerance: 1 },
    ]);
    expect(scores.sure).toEqual({ correct: 1, total: 2 });
    expect(scores.uncertain).toEqual({ correct: 0, total: 1 });
  });

  it("scores PCE over the clips with all eight events labelled apart (SwingNet's measure)", () => {
    const scores = scoreEvents([
      { event: 'toeUp', error: 1, tolerance: 1, allEightLabelled: true },
      { event: 'finish', error: 3, tolerance: 1, allEightLabelled: true },
      { event: 'address', error: 0, tolerance: 1 },
    ]);
    expect(scores.pceAllEight).toEqual({ correct: 1, total: 2 });
    expect(scores.pce).toEqual({ correct: 2, total: 3 });
  });

  it('gives each event its median signed error in tolerances, a missed swing left out', () => {
    const scores = scoreEvents([
      { event: 'finish', error: -4, tolerance: 1 },
      { event: 'finish', error: -6, tolerance: 2 },
      { event: 'finish', error: 2, tolerance: 1 },
      { event: 'finish', error: null, tolerance: 1 },
      { event: 'top', error: 3, tolerance: 6 },
      { event: 'top', error: 0, tolerance: 1 },
      { event: 'impact', error: null, tolerance: 1 },
    ]);
    expect(scores.medianError).toEqual({ finish: -3, top: 0.25 });
  });
});
