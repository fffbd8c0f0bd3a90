// The API reference is public. A signed-in merchant reads it inside the dashboard
// frame (navigation, account), as the dashboard's own "Referensi API" page.
import Link from "next/link";
import DashboardLayout from "@/app/(dashboard)/layout";
import { getSignedInSession } from "@/server/auth/session";

export const dynamic = "force-dynamic";

export default async function DocsLayout({ children }: { children: React.ReactNode }) {
  if (await getSignedInSession()) return <DashboardLayout>{children}</DashboardLayout>;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="mb-4">
        <Link href="/" className="text-sm text-brand-600 underline">
          ← Beranda
        </Link>
      </p>
      {children}
    </main>
  );
}
