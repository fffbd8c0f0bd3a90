import { redirect } from "next/navigation";
import { DashboardNav } from "@/components/dashboard/nav";
import { TrpcReactProvider } from "@/components/trpc-provider";
import { getSignedInSession } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await getSignedInSession();
  if (!session) redirect("/sign-in");
  return (
    <TrpcReactProvider>
      <div className="min-h-screen lg:flex">
        <DashboardNav name={session.name} email={session.email} />
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </TrpcReactProvider>
  );
}
