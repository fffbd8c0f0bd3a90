import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Halaman tidak ditemukan" };

export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">Halaman tidak ditemukan</h1>
      <p className="text-slate-600">Tautan yang Anda buka tidak ada atau sudah tidak berlaku.</p>
      <Link href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white">
        Kembali ke beranda
      </Link>
    </main>
  );
}
