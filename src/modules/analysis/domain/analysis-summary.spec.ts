import { analysisState, parseList } from './analysis-summary';

describe('analysisState', () => {
  it('is in progress without technical details', () => {
    expect(analysisState({ technicalDetails: null, hasError: false })).toBe('in-progress');
  });
  it('is failed when technical details hold an error or hasError is set', () => {
    expect(analysisState({ technicalDetails: { error: 'x' }, hasError: false })).toBe('failed');
    expect(analysisState({ technicalDetails: null, hasError: true })).toBe('failed');
  });
  it('is complete with technical details and no error', () => {
    expect(analysisState({ technicalDetails: { view: 'face-on' }, hasError: false })).toBe(
      'complete',
    );
  });
});

describe('parseList', () => {
  it('accepts lists and JSON text', () => {
    expect(parseList(['a', 'b'])).toEqual(['a', 'b']);
    expect(parseList('["a","b"]')).toEqual(['a', 'b']);
    expect(parseList('plain')).toEqual(['plain']);
    expect(parseList(null)).toEqual([]);
  });
});
