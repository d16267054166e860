/**
 * The TanStack Query bindings of tRPC: `useTRPC()` gives `trpc.visitors.list.queryOptions(…)`
 * and friends. Provided by the signed-in shell (AppShell) and the sign-up page around what
 * they show, over the client of TRPCClientProvider and the app's QueryClient, so that
 * /login does not load them (docs/performance.md#the-targets, target 5).
 */
import type { AppRouter } from '@gatehouse/api';
import { useQueryClient } from '@tanstack/react-query';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';

import { useTRPCClient } from './trpc';

const context = createTRPCContext<AppRouter>();

/** `trpc.<router>.<procedure>.queryOptions(…)`, `.mutationOptions()`, `.queryKey()`… for TanStack Query. */
export const useTRPC = context.useTRPC;

/** Provides `useTRPC()` to `children`; needs TRPCClientProvider and QueryClientProvider above it. */
export function TRPCQueryProvider({ children }: { children: ReactNode }) {
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  return (
    <context.TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      {children}
    </context.TRPCProvider>
  );
}
