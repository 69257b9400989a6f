import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { isApiError } from '#web/lib/api-client';
import { toast } from '#web/ui/toast';

/**
 * Reports an error nobody handled (spec §8): logged, and the user told with the generic message.
 * Screens that handle their own errors (a mutation with `onError`, a query shown as an error
 * state) never reach it.
 */
export function reportUnhandledError(error: unknown): void {
  console.error(error);
  // Before start-up has loaded the strings there is no toast to show: the log has to do.
  if (i18next.isInitialized) toast.error(i18next.t('common.errors.unhandled'));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed reads are logged (spec §8 "Settings call failure: logged only"); each screen decides
    // what to show for its own query.
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.onError) reportUnhandledError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal (4xx) is the same answer the next time: only an unreachable or failing server is asked again
        // (TanStack Query's three times). A search link the API refuses had shown "searching" for ~7 s.
        retry: (failures, error) => failures < 3 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export const queryClient = createQueryClient();
