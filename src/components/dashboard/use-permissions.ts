"use client";
// What the signed-in member's role may do in this account, for screens that hide
// controls (the server refuses them anyway). Nothing is allowed until it is known.
import { useQuery } from "@tanstack/react-query";
import type { Permission } from "@/schemas/dashboard/members";
import { useTRPC } from "@/components/trpc-provider";

export function useCan(): (permission: Permission) => boolean {
  const trpc = useTRPC();
  const mine = useQuery(trpc.members.mine.queryOptions());
  return (permission) => mine.data?.permissions.includes(permission) ?? false;
}
