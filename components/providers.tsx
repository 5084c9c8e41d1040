"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { SessionProvider } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Toaster } from "sonner";
import { useTheme } from "@/components/panel/theme";
import { statusOf } from "@/lib/problem";
import { trpc } from "@/lib/trpc";

/** An expired or revoked session: back to the sign-in page, then back here. */
function onUnauthorized(error: unknown) {
  if (statusOf(error) !== 401 || typeof window === "undefined") return;
  const here = window.location.pathname + window.location.search;
  // A full load on purpose: the session is over, nothing of this page's state may survive.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}`);
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again; network failures and 5xx may.
        retry: (count, error) => {
          const status = statusOf(error);
          return count < 2 && (status === 0 || status >= 500);
        },
      },
    },
  });
}

/** Everything a page of the panel relies on: react-query, tRPC, the next-auth session and toasts. */
/**
 * Queries batched into one GET stay under this address length (the server takes 16 KB of
 * headers): a longer batch is split into several requests.
 */
const MAX_URL_LENGTH = 8_000;

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: "/api/trpc", maxURLLength: MAX_URL_LENGTH })] }));
  const { theme } = useTheme();
  const t = useTranslations("app");
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
      {/* Bottom right: clear of the sticky header and of the page's title and actions. */}
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        theme={theme}
        containerAriaLabel={t("notifications")}
        toastOptions={{ closeButtonAriaLabel: t("closeNotification") }}
      />
    </SessionProvider>
  );
}
