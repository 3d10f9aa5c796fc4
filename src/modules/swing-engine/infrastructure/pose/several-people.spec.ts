import {
  nearestFirst,
  otherPeople,
  placeBeside,
  secondPerson,
  type DetectedPerson,
} from './several-people';

/** A face box of `area` square pixels (area by 1). */
const person = (cx: number, score = 0.9, area = 100): DetectedPerson => ({
  score,
  box: { x: cx, y: 100, width: area, height: 1 },
  roi: { cx, cy: 300, size: 400, rotation: 0 },
});

describe('secondPerson', () => {
  it('sees a second golfer beside the first', () => {
    const other = person(450);
    expect(secondPerson([person(200), other])).toBe(other);
  });

  it('ignores a second box on the same body, a small or unsure one, and a lone golfer', () => {
    // Hips 60 px apart with a 400 px body box: the hands and club boxed as a second "face".
    expect(secondPerson([person(200), person(260)])).toBeNull();
    expect(secondPerson([person(200), person(450, 0.6)])).toBeNull();
    expect(secondPerson([person(200), person(450, 0.9, 30)])).toBeNull();
    expect(secondPerson([person(200)])).toBeNull();
    expect(secondPerson([])).toBeNull();
  });
});

describe('otherPeople', () => {
  it('lists the other people, whatever their size or sureness, not a second box on the first', () => {
    const [golfer, hands, unsure, small] = [
      person(200),
      person(260),
      person(450, 0.6),
      person(700, 0.9, 30),
    ];
    expect(otherPeople([golfer, hands, unsure, small])).toEqual([unsure, small]);
    expect(otherPeople([])).toEqual([]);
  });
});

describe('nearestFirst', () => {
  it('puts the person nearest a body box first, the others in their order', () => {
    const [a, b, c] = [person(100), person(400), person(700)];
    expect(nearestFirst([a, b, c], { cx: 650, cy: 300, size: 400, rotation: 0 })).toEqual([
      c,
      a,
      b,
    ]);
    expect(nearestFirst([], { cx: 650, cy: 300, size: 400, rotation: 0 })).toEqual([]);
  });
});

describe('placeBeside', () => {
  const at = (cx: number, cy: number) => ({ cx, cy, size: 400, rotation: 0 });

  it('says left or right of people side by side, top or bottom of people one above the other', () => {
    expect(placeBeside(at(200, 300), at(600, 320))).toBe('left');
    expect(placeBeside(at(600, 300), at(200, 280))).toBe('right');
    expect(placeBeside(at(300, 200), at(320, 700))).toBe('top');
    expect(placeBeside(at(300, 700), at(280, 200))).toBe('bottom');
  });
});
