import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '../http/errors.ts';

/**
 * The cache shared by react-admin and the start-up data. A call the server answered with an
 * error is not retried; a network failure is retried twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => errorStatus(error) === undefined && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
