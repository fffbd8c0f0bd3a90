import Link from "next/link";

/**
 * A new account starts at Rp 0 and every OTP is charged, in sandbox mode too, so
 * the first POST /v3/request answers 402 until the merchant tops up. Said the same
 * way wherever a new merchant looks first. Without `linked` (before sign-in) the
 * way to the top-up is named rather than linked.
 */
export function CreditsHint({ linked = true }: { linked?: boolean }) {
  const topup = linked ? (
    <Link href="/balance" className="font-medium underline">
      Saldo → Isi saldo
    </Link>
  ) : (
    <strong>Saldo → Isi saldo</strong>
  );
  return (
    <>
      Setiap OTP memakai kredit, juga di mode sandbox; dengan saldo Rp 0, POST /v3/request dijawab 402 INSUFFICIENT_BALANCE. Isi saldo lewat {topup}. Di server
      sandbox, halaman pembayaran punya tombol “Simulasikan pembayaran”.
    </>
  );
}
