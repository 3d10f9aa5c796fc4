import { initials, normaliseEmail } from './public-user';

describe('initials', () => {
  it('takes the first letters of first and last name', () => {
    expect(initials({ firstName: 'rory', lastName: 'McIlroy' })).toBe('RM');
  });
  it('uses what is there', () => {
    expect(initials({ firstName: 'Nelly', lastName: null })).toBe('N');
    expect(initials({ firstName: null, lastName: 'Korda' })).toBe('K');
  });
  it("is 'U' when both are missing or blank", () => {
    expect(initials({ firstName: null, lastName: null })).toBe('U');
    expect(initials({ firstName: '  ', lastName: '' })).toBe('U');
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Tiger@Example.COM ')).toBe('tiger@example.com');
  });
});
