"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { NAV_ITEMS } from "@/lib/dashboard-pages";
import { roleLabel, type Permission, type StoredRole } from "@/schemas/dashboard/members";
import type { Mode } from "@/schemas/mode";
import { MerchantSwitch } from "./merchant-switch";
import { ModeSwitch } from "./mode-switch";


export function DashboardNav({ name, email, mode, role, permissions }: { name: string; email: string; mode: Mode; role: StoredRole; permissions: Permission[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    await signOut({ redirect: false });
    window.location.href = "/sign-in";
  }

  const links = (
    <ul className="flex flex-col gap-0.5">
      {NAV_ITEMS.filter((item) => permissions.includes(item.permission)).map((item) => {
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={() => setOpen(false)}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium ${active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
      <li className="mt-2 border-t border-slate-200 pt-2">
        <Link
          href="/docs"
          onClick={() => setOpen(false)}
          aria-current={pathname === "/docs" ? "page" : undefined}
          className={`block rounded-md px-3 py-2 text-sm font-medium ${pathname === "/docs" ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
        >
          Referensi API
        </Link>
      </li>
    </ul>
  );

  const account = (
    <div className="border-t border-slate-200 pt-4 text-sm">
      <p className="truncate font-medium" title={name}>
        {name}
      </p>
      <p className="truncate text-xs text-slate-500" title={email}>
        {email}
      </p>
      <p className="mt-1 text-xs text-slate-500" data-testid="member-role">
        Peran: {roleLabel(role)}
      </p>
      <button type="button" onClick={leave} disabled={leaving} className="mt-3 text-sm font-medium text-red-700 hover:underline">
        {leaving ? "Keluar…" : "Keluar"}
      </button>
    </div>
  );

  return (
    <>
      <header className="sticky top-0 z-20 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden print:hidden">
        <Link href="/overview" className="text-lg font-bold text-brand-700">
          Sandi
        </Link>
        <div className="mr-3 ml-auto w-36">
          <ModeSwitch mode={mode} />
        </div>
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
          {open ? "Tutup" : "Menu"}
        </button>
      </header>
      {open ? (
        <nav aria-label="Menu dashboard" className="flex flex-col gap-4 border-b border-slate-200 bg-white px-4 py-4 lg:hidden">
          <MerchantSwitch />
          {links}
          {account}
        </nav>
      ) : null}
      <aside className="hidden w-60 shrink-0 flex-col justify-between border-r border-slate-200 bg-white px-3 py-5 lg:sticky lg:top-0 lg:flex lg:h-screen lg:overflow-y-auto print:hidden">
        <nav aria-label="Menu dashboard" className="flex flex-col gap-6">
          <Link href="/overview" className="px-3 text-xl font-bold tracking-tight text-brand-700">
            Sandi
          </Link>
          <div className="flex flex-col gap-2 px-3">
            <MerchantSwitch />
            <ModeSwitch mode={mode} />
          </div>
          {links}
        </nav>
        <div className="px-3">{account}</div>
      </aside>
    </>
  );
}
