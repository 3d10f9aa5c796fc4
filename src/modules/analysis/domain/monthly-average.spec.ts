import { monthlyAverage } from './monthly-average';

describe('monthlyAverage', () => {
  it('has no data without launch numbers', () => {
    expect(
      monthlyAverage([{ clubSpeed: null, ballSpeed: null, carry: null, spinRate: null }]),
    ).toEqual({
      hasData: false,
      clubSpeed: null,
      ballSpeed: null,
      smashFactor: null,
      carry: null,
      spinRate: null,
      count: 0,
    });
  });

  it('averages each number over the swings that have it', () => {
    expect(
      monthlyAverage([
        { clubSpeed: 100, ballSpeed: 150, carry: 250, spinRate: 2500 },
        { clubSpeed: 110, ballSpeed: 160, carry: null, spinRate: 2301 },
      ]),
    ).toEqual({
      hasData: true,
      clubSpeed: 105,
      ballSpeed: 155,
      smashFactor: 1.48, // (1.5 + 1.45) / 2 = 1.475
      carry: 250,
      spinRate: 2401,
      count: 2,
    });
  });
});
