import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { REQUESTED_PATH_HEADER, signInUrlFor } from "@/lib/requested-path";
import { EmailVerificationBanner } from "@/components/dashboard/email-verification-banner";
import { ModeBanner } from "@/components/dashboard/mode-banner";
import { DashboardNav } from "@/components/dashboard/nav";
import { TrpcReactProvider } from "@/components/trpc-provider";
import { getSignedInSession } from "@/server/auth/session";
import { isSandboxChannel } from "@/server/channels/registry";
import { CHANNELS } from "@/schemas/channels";
import { MODE_COOKIE, type Mode } from "@/schemas/mode";
import { NoAccess } from "@/components/dashboard/no-access";
import { pagePermission } from "@/lib/dashboard-pages";
import { permissionsOf } from "@/schemas/dashboard/permissions";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await getSignedInSession();
  const requested = (await headers()).get(REQUESTED_PATH_HEADER);
  if (!session) redirect(signInUrlFor(requested));
  const permissions = permissionsOf(session.role);
  const needed = pagePermission(requested);
  const mode: Mode = (await cookies()).get(MODE_COOKIE)?.value === "test" ? "test" : "live";
  return (
    <TrpcReactProvider>
      <a href="#isi" className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50">
        Langsung ke isi
      </a>
      <div className="min-h-screen lg:flex">
        <DashboardNav name={session.name} email={session.email} mode={mode} role={session.role} permissions={permissions} />
        <main id="isi" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto max-w-6xl">
            <ModeBanner mode={mode} liveIsSandboxed={(await Promise.all(CHANNELS.map(isSandboxChannel))).every(Boolean)} />
            <EmailVerificationBanner />
            {needed && !permissions.includes(needed) ? <NoAccess role={session.role} /> : children}
          </div>
        </main>
      </div>
    </TrpcReactProvider>
  );
}
