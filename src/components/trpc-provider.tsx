"use client";
// The dashboard's only way to the server: tRPC over /api/trpc with TanStack Query.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState } from "react";
import type { AppRouter } from "@/server/trpc/routers/app-router";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

function isSessionExpired(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}

// An expired session anywhere sends the merchant to sign-in instead of showing a broken screen.
function onError(error: unknown) {
  if (isSessionExpired(error) && typeof window !== "undefined" && !window.location.pathname.startsWith("/sign-")) {
    window.location.href = `/sign-in?expired=1&callbackUrl=${encodeURIComponent(window.location.pathname)}`;
  }
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 10_000, retry: (count, error) => !(error instanceof TRPCClientError && error.data?.httpStatus < 500) && count < 2 },
    },
  });
}

export function TrpcReactProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** A sentence a merchant understands, from any error the client sees. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    if (!error.data) return "Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.";
    return error.message;
  }
  return "Terjadi kesalahan. Silakan coba lagi.";
}
