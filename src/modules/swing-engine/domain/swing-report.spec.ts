import { swingMetric as metric } from '../../../../test/support/swing-metric';
import { bestMetrics, isUncertain } from './swing-report';

describe('bestMetrics', () => {
  it('takes each metric from the video that measures it with the higher confidence', () => {
    const faceOn = {
      metrics: [metric('shoulderTurn', 47, 0.31), metric('lateralSway', 3, 0.85)],
    };
    const downTheLine = {
      metrics: [
        metric('shoulderTurn', 82, 0.7),
        metric('lateralSway', 9, 0.35),
        metric('tempo', 3, 0.23),
      ],
    };
    expect(bestMetrics(faceOn, downTheLine)).toEqual([
      { ...metric('shoulderTurn', 82, 0.7), video: 'down-the-line' },
      { ...metric('lateralSway', 3, 0.85), video: 'face-on' },
      { ...metric('tempo', 3, 0.23), video: 'down-the-line' },
    ]);
  });

  it('keeps the face-on metric on a tie and when there is no down-the-line video', () => {
    const faceOn = { metrics: [metric('kneeFlex', 20, 0.7)] };
    expect(bestMetrics(faceOn, { metrics: [metric('kneeFlex', 25, 0.7)] })).toEqual([
      { ...metric('kneeFlex', 20, 0.7), video: 'face-on' },
    ]);
    expect(bestMetrics(faceOn, null)).toEqual([
      { ...metric('kneeFlex', 20, 0.7), video: 'face-on' },
    ]);
  });
});

describe('isUncertain', () => {
  it('marks an event uncertain below 0.5, and a report without confidence as sure', () => {
    expect(isUncertain({ confidence: 0.3 })).toBe(true);
    expect(isUncertain({ confidence: 0.49 })).toBe(true);
    expect(isUncertain({ confidence: 0.5 })).toBe(false);
    expect(isUncertain({ confidence: 0.9 })).toBe(false);
    expect(isUncertain({})).toBe(false);
  });
});
