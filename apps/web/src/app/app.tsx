import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { useThemeSync } from '../lib/theme';
import { createAppRouter } from './router';
import './styles/pages.css';

/**
 * Providers and the router. The theme follows the store; i18n is initialised in main.tsx; the realtime
 * connection starts after the first page (root-layout.tsx).
 */
export function App() {
  useThemeSync();
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
