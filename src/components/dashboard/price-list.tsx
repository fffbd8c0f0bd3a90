import { CHANNEL_LABELS, formatRupiah } from "@/components/format";

/** What one OTP costs per channel, in rupiah (1 credit = Rp 1): the merchant's own prices, operator overrides included. */
export function PriceList({ prices }: { prices: Record<string, number> }) {
  return (
    <>
      <ul className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="price-list">
        {Object.entries(prices).map(([channel, price]) => (
          <li key={channel} className="flex justify-between gap-2 rounded bg-slate-50 px-3 py-2">
            <span>{CHANNEL_LABELS[channel] ?? channel}</span>
            <span className="font-medium whitespace-nowrap tabular-nums">{formatRupiah(price)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">Per OTP yang terkirim; pengiriman yang gagal tidak dipotong. Berlaku juga di mode sandbox.</p>
    </>
  );
}
