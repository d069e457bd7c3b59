import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { errorCode, onHostConnection, type HostError } from './lib/bridge';
import './styles.css';

const NO_RETRY = new Set([
  'not_found',
  'bad_request',
  'invalid_arguments',
  'secret_key_refused',
  'invalid_input',
  'cancelled',
]);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 429 says when to come back; a missing or malformed id will not improve with retries.
      retry: (count, error) =>
        errorCode(error) === 'rate_limited' ? count < 4 : count < 1 && !NO_RETRY.has(errorCode(error)),
      retryDelay: (count, error) => (error as HostError).retryAfterMs ?? Math.min(1000 * 2 ** count, 8000),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

// Back after a lost connection to the web host (#36): what was asked meanwhile failed, so every view asks again.
let lost = false;
onHostConnection((state) => {
  if (state.state === 'reconnecting') lost = true;
  else if (state.state === 'connected' && lost) {
    lost = false;
    void queryClient.invalidateQueries();
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
