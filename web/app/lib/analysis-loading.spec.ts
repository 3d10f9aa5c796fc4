import { activeStep, LOADING_STEPS, loadingProgress } from './analysis-loading';

describe('analysis loading clock', () => {
  it('runs the four steps for 2, 15, 8 and 5 seconds', () => {
    expect(LOADING_STEPS.map((s) => s.seconds)).toEqual([2, 15, 8, 5]);
    expect(activeStep(0)).toBe(0);
    expect(activeStep(1_999)).toBe(0);
    expect(activeStep(2_000)).toBe(1);
    expect(activeStep(16_999)).toBe(1);
    expect(activeStep(17_000)).toBe(2);
    expect(activeStep(25_000)).toBe(3);
    expect(activeStep(30_000)).toBe(4);
  });

  it('climbs to 90% over 30 s, then holds at 95%', () => {
    expect(loadingProgress(0)).toBe(0);
    expect(loadingProgress(15_000)).toBe(45);
    expect(loadingProgress(29_999)).toBe(89);
    expect(loadingProgress(30_000)).toBe(95);
    expect(loadingProgress(59_000)).toBe(95);
  });
});
