import { difficultyLabel } from './exercise-difficulty';

describe('difficultyLabel', () => {
  it.each([
    [1, 'Easy'],
    [2, 'Easy'],
    [2.5, 'Medium'],
    [3, 'Medium'],
    [3.01, 'Hard'],
    [4, 'Hard'],
    [5, 'Hard'],
  ])('%s -> %s', (difficulty, label) => {
    expect(difficultyLabel(difficulty)).toBe(label);
  });
});
