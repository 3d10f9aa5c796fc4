import { OneEuroFilter } from './one-euro-filter';

describe('OneEuroFilter', () => {
  it('reduces jitter around a still value', () => {
    const filter = new OneEuroFilter(1.0, 0.0);
    const noisy = Array.from({ length: 120 }, (_, i) => 100 + (i % 2 ? 2 : -2));
    const out = noisy.map((v, i) => filter.filter(v, i / 30));
    const tail = out.slice(60);
    const spread = Math.max(...tail) - Math.min(...tail);
    expect(spread).toBeLessThan(1.5); // input spread is 4
  });

  it('follows fast motion with little lag when beta is high', () => {
    const slow = new OneEuroFilter(1.0, 0.0);
    const fast = new OneEuroFilter(1.0, 0.5);
    let lagSlow = 0;
    let lagFast = 0;
    for (let i = 0; i < 30; i++) {
      const t = i / 30;
      const v = i * 20; // 600 px/s ramp
      lagSlow = v - slow.filter(v, t);
      lagFast = v - fast.filter(v, t);
    }
    expect(lagFast).toBeLessThan(lagSlow / 3);
  });

  it('passes the first value through', () => {
    expect(new OneEuroFilter().filter(42, 0)).toBe(42);
  });
});
