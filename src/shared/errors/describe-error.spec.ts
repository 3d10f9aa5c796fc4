import { describeError } from './describe-error';

describe('describeError', () => {
  it('gives a real message for whatever was thrown', () => {
    expect(describeError(new Error('port taken'))).toMatch(/^Error: port taken\n\s+at /);
    expect(describeError(undefined)).toBe('failed without a reason (undefined)');
    expect(describeError(null)).toBe('failed without a reason (null)');
    expect(describeError('no data dir')).toBe('no data dir');
    expect(describeError({ code: 'E1' })).toBe('{"code":"E1"}');
  });
});
