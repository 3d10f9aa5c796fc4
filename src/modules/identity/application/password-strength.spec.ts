import { weakPasswordMessage } from './password-strength';

describe('weakPasswordMessage', () => {
  it.each(['password', '12345678', 'aaaaaaaa', 'qwertyuiop'])('refuses %s', (password) => {
    expect(weakPasswordMessage(password, [])).toMatch(/^This password is too easy to guess\./);
  });

  it('counts the account holder’s own name and email as easy to guess', () => {
    expect(weakPasswordMessage('zanzibarquokka', [])).toBeNull();
    expect(
      weakPasswordMessage('zanzibarquokka', ['zanzibar.quokka@example.test', 'Zanzibar', 'Quokka']),
    ).not.toBeNull();
  });

  it('accepts a long passphrase', () => {
    expect(weakPasswordMessage('correct horse battery staple', ['jane@example.test'])).toBeNull();
  });
});
