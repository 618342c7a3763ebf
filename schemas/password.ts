/**
 * The password rule, shared by the admin app (its strength meter and form check) and the server
 * (every place a password is set): a string of PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH
 * characters that contains neither the username nor the e-mail's local part, and that the zxcvbn
 * estimator (common, French, English and Italian dictionaries) scores at least PASSWORD_MIN_SCORE.
 *
 * The estimator and its dictionaries weigh a few megabytes: they are loaded on first use
 * (`loadPasswordEstimator`), in their own chunk of the admin app.
 */
import { VALIDATION_MESSAGES } from './validators.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess). */
export const PASSWORD_MIN_SCORE = 3;
/** A username or e-mail local part shorter than this is not looked for in the password. */
const PERSONAL_MIN_LENGTH = 3;

/** Scores a password from 0 to 4, knowing words of its owner that make it easier to guess. */
export type PasswordEstimator = (password: string, userInputs: string[]) => number;

export interface PasswordOwner {
  username?: unknown;
  email?: unknown;
}

export interface PasswordProblem {
  /** A 'validation.*' key. */
  message: string;
  params: Record<string, number>;
}

const RULE_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The owner's words a password may not contain: the username and the e-mail's local part, in lower case. */
export function personalWords(owner: PasswordOwner): string[] {
  const words: string[] = [];
  if (typeof owner.username === 'string') words.push(owner.username);
  if (typeof owner.email === 'string') words.push(owner.email.split('@')[0] ?? '');
  return words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= PERSONAL_MIN_LENGTH);
}

/** The length of a password in characters (code points, as people count them). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** What the password breaks of the rule, or null when it follows it. */
export function passwordProblem(password: unknown, owner: PasswordOwner, estimate: PasswordEstimator): PasswordProblem | null {
  if (typeof password !== 'string') return { message: VALIDATION_MESSAGES.passwordType, params: RULE_PARAMS };
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return { message: VALIDATION_MESSAGES.passwordLength, params: RULE_PARAMS };
  const words = personalWords(owner);
  const lower = password.toLowerCase();
  if (words.some((word) => lower.includes(word))) return { message: VALIDATION_MESSAGES.passwordPersonal, params: RULE_PARAMS };
  if (estimate(password, words) < PASSWORD_MIN_SCORE) return { message: VALIDATION_MESSAGES.passwordWeak, params: RULE_PARAMS };
  return null;
}

let estimator: Promise<PasswordEstimator> | null = null;

/** The zxcvbn estimator with its dictionaries, loaded once. */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  estimator ??= (async () => {
    const [core, common, en, fr, it] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fr'),
      import('@zxcvbn-ts/language-it'),
    ]);
    // The Italian package names its lists without a language suffix, as the English one once did.
    const italian = Object.fromEntries(Object.entries(it.dictionary).map(([name, words]) => [`${name}-it`, words]));
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary, ...italian },
      graphs: common.adjacencyGraphs,
    });
    // zxcvbn looks only at the first characters of a long password; the rule caps the length anyway.
    return (password: string, userInputs: string[]) => zxcvbn.check(password, userInputs).score;
  })();
  estimator.catch(() => {
    estimator = null;
  });
  return estimator;
}

/** What the password breaks of the rule, the estimator loaded when needed. */
export async function checkPassword(password: unknown, owner: PasswordOwner): Promise<PasswordProblem | null> {
  if (typeof password !== 'string') return passwordProblem(password, owner, () => 0);
  const estimate = await loadPasswordEstimator();
  return passwordProblem(password, owner, estimate);
}
