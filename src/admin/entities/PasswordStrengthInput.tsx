/**
 * A password input with a strength meter as the person types, by the estimator of the rule of
 * every password (schemas/password.ts), which the form checks. The estimator and its dictionaries load with the first character typed, in
 * their own chunk, so no other page pays for them.
 */
import { useEffect, useState } from 'react';
import { PasswordInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, LinearProgress, Typography } from '@mui/material';
import { loadPasswordEstimator, personalWords, PASSWORD_MIN_SCORE } from '../../../schemas/password.ts';

function useScore(password: string, username: unknown, email: unknown): number | null {
  const [score, setScore] = useState<{ password: string; value: number } | null>(null);
  useEffect(() => {
    if (password === '') return;
    let current = true;
    loadPasswordEstimator().then(
      (estimate) => {
        if (current) setScore({ password, value: estimate(password, personalWords({ username, email })) });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [password, username, email]);
  return password !== '' && score?.password === password ? score.value : null;
}

export function PasswordStrengthInput({ source, helperText }: { source: string; helperText?: string }) {
  const translate = useTranslate();
  const [password, username, email] = useWatch({ name: [source, 'username', 'email'] }) as [unknown, unknown, unknown];
  const score = useScore(typeof password === 'string' ? password : '', username, email);
  const strong = score !== null && score >= PASSWORD_MIN_SCORE;
  const label = score === null ? '' : translate(`resources.users.messages.${!strong ? 'passwordTooWeak' : score === 4 ? 'passwordStrong' : 'passwordGood'}`);
  return (
    <Box sx={{ width: '100%' }}>
      {/* The form checks the rule (schemaValidation.ts): react-admin runs form-level validation only. */}
      <PasswordInput source={source} autoComplete="new-password" helperText={helperText} />
      {score !== null && (
        <Box sx={{ maxWidth: 320, mb: 2 }} data-testid="password-strength">
          <LinearProgress variant="determinate" value={(score + 1) * 20} color={strong ? 'success' : 'error'} aria-label={label} />
          <Typography variant="caption" color={strong ? 'success.main' : 'error'} aria-live="polite">
            {label}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
