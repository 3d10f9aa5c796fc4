import { ValidationFailedError } from '../../../shared/errors/app-errors';
import { validateInput } from '../../../shared/validation';
import { SignUpDto, UpdateUserDto } from './user-inputs';

async function fieldErrors(input: unknown): Promise<Record<string, string[]>> {
  try {
    await validateInput(UpdateUserDto, input);
  } catch (error) {
    if (error instanceof ValidationFailedError) return error.fields;
    throw error;
  }
  return {};
}

describe('UpdateUserDto', () => {
  it('accepts a full profile and turns form text into numbers', async () => {
    const dto = await validateInput(UpdateUserDto, {
      firstName: ' Nelly ',
      lastName: 'Korda',
      email: 'nelly@example.com',
      handicap: '2.4',
      city: 'Bradenton',
      state: 'FL',
    });
    expect(dto.firstName).toBe('Nelly');
    expect(dto.handicap).toBe(2.4);
  });

  it('treats blanks as clearing optional fields', async () => {
    const dto = await validateInput(UpdateUserDto, { city: '  ', handicap: '' });
    expect(dto.city).toBeNull();
    expect(dto.handicap).toBeNull();
  });

  it.each([
    [{ handicap: 'abc' }, 'handicap', 'Handicap must be a number.'],
    [
      { handicap: 12.34 },
      'handicap',
      'Handicap can have at most one decimal place (steps of 0.1).',
    ],
    [{ handicap: 60 }, 'handicap', 'Handicap can be at most 54.'],
    [{ handicap: -11 }, 'handicap', 'Handicap must be at least -10 (a +10 handicap).'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ firstName: 'x'.repeat(101) }, 'firstName', 'First name can be at most 100 characters.'],
    [{ firstName: '' }, 'firstName', 'Enter your first name.'],
    [{ firstName: '   ' }, 'firstName', 'Enter your first name.'],
    [{ firstName: null }, 'firstName', 'Enter your first name.'],
    [{ isPremium: true }, 'isPremium', 'isPremium is not a field that can be changed.'],
  ])('refuses %j with a message on %s', async (input, field, message) => {
    expect((await fieldErrors(input))[field]).toContain(message);
  });

  it('leaves the first name alone when it is not sent', async () => {
    const dto = await validateInput(UpdateUserDto, { city: 'Austin' });
    expect(dto.firstName).toBeUndefined();
  });

  it('accepts handicaps in steps of 0.1 despite floating point', async () => {
    for (const handicap of [0.1, 0.3, 12.3, 36.7, -2.2, 54]) {
      await expect(validateInput(UpdateUserDto, { handicap })).resolves.toBeDefined();
    }
  });

  it('refuses a body that is not an object', async () => {
    await expect(validateInput(UpdateUserDto, ['a'])).rejects.toThrow(ValidationFailedError);
    await expect(validateInput(UpdateUserDto, null)).rejects.toThrow(ValidationFailedError);
  });
});

describe('SignUpDto', () => {
  it('requires a real email, names and an 8+ character password', async () => {
    await expect(
      validateInput(SignUpDto, { email: 'x', password: 'short', firstName: '', lastName: '' }),
    ).rejects.toMatchObject({
      fields: {
        email: ['Enter a valid email address.'],
        password: ['Use at least 8 characters for your password.'],
        firstName: ['Enter your first name.'],
        lastName: ['Enter your last name.'],
      },
    });
  });
});
