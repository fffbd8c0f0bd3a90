"use client";
// Which account the dashboard shows, for a person who is a member of several
// (docs/teams.md). Hidden for a person in one account. The choice is a cookie; every
// request still checks the membership.
import { useMutation, useQuery } from "@tanstack/react-query";
import { MERCHANT_COOKIE } from "@/lib/merchant-cookie";
import { roleLabel } from "@/schemas/dashboard/members";
import { useTRPC } from "@/components/trpc-provider";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function MerchantSwitch() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.members.mine.queryOptions());
  const switchTo = useMutation(
    trpc.members.switchTo.mutationOptions({
      onSuccess: ({ merchant_id }) => {
        document.cookie = `${MERCHANT_COOKIE}=${encodeURIComponent(merchant_id)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
        // A full load: every screen, the menu and the role belong to the other account now.
        window.location.href = "/overview";
      },
    }),
  );
  if (!mine.data || mine.data.merchants.length < 2) return null;
  return (
    <label className="flex flex-col gap-1 text-xs text-slate-500">
      Akun
      <select
        data-testid="merchant-switch"
        value={mine.data.current}
        disabled={switchTo.isPending}
        onChange={(e) => switchTo.mutate({ merchantId: e.target.value })}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
      >
        {mine.data.merchants.map((m) => (
          <option key={m.merchant_id} value={m.merchant_id}>
            {m.name} ({roleLabel(m.role)})
          </option>
        ))}
      </select>
    </label>
  );
}
