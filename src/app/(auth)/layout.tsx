import Link from "next/link";
import { TrpcReactProvider } from "@/components/trpc-provider";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <TrpcReactProvider>
      <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
        <Link href="/" className="mb-6 text-2xl font-bold tracking-tight text-brand-700">
          Sandi
        </Link>
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </TrpcReactProvider>
  );
}
