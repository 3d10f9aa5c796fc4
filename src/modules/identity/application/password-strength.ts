import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// zxcvbn's bundled dictionaries (common passwords, names, words, keyboard patterns): no network.
zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** zxcvbn score 3 = "safely unguessable: moderate protection from offline slow-hash attacks". */
const MIN_SCORE = 3;

/**
 * Why a new password is too easy to guess, in the user's words, or null when it is strong enough.
 * `userInputs` (the account's email and names) count as known words, so "jane.smith" is weak for
 * Jane Smith. The minimum length rule stays in the DTOs.
 */
export function weakPasswordMessage(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): string | null {
  const words = userInputs
    .flatMap((input) => (input ? input.toLowerCase().split(/[^a-z0-9]+/) : []))
    .filter((word) => word.length >= 3);
  const result = zxcvbn(password, words);
  if (result.score >= MIN_SCORE) return null;
  const hint = result.feedback.suggestions[0] ?? 'Add more words that are less common.';
  const why = result.feedback.warning ? ` ${result.feedback.warning}` : '';
  return `This password is too easy to guess.${why} ${hint}`;
}
