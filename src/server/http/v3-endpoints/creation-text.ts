// What POST /v3/request and /v3/send share: the fallback text and the creation's errors.
import { FALLBACK_AFTER_SECONDS } from "@/schemas/v3/otp-limits";
import type { V3ErrorCode } from "@/server/error-table";

const { min, max, default: byDefault } = FALLBACK_AFTER_SECONDS;

export const FALLBACK_TEXT = `\`fallback\` (daftar channel berurutan dari \`whatsapp\`, \`sms\` dan, di /v3/request, \`voice\`) mengirim kode yang sama lewat channel berikutnya bila pengiriman gagal atau tidak terkonfirmasi dalam \`fallback_after\` detik (${min}–${max}, bawaan ${byDefault}): satu \`otp_id\`, satu kode, percobaan dan TTL bersama. Setiap pengiriman yang terkirim dipotong harga channelnya; yang gagal gratis; fallback yang tidak tertutup saldo dilewati. \`misscall\`, \`email\` dan \`whatsapp_inbound\` tidak menerima fallback.`;

export const ROUTES_TEXT =
  "Satu channel bisa dilayani beberapa rute vendor: bila rute yang dicoba tidak dapat dihubungi (timeout, 5xx, akun ditolak), rute berikutnya dicoba sebelum menjawab, dan `deliveries` menunjukkan setiap percobaan dengan `route` dan `route_reason` (`failover`). Biaya dipotong sekali; bila semua rute gagal, tidak ada yang dipotong.";

export const CREATION_ERRORS: V3ErrorCode[] = ["TEMPLATE_NOT_FOUND", "INVALID_CHANNEL", "INVALID_NUMBER", "INSUFFICIENT_BALANCE", "DUPLICATE_EXTERNAL_ID", "GEO_NOT_ALLOWED", "FRAUD_BLOCKED", "DESTINATION_RATE_LIMITED", "CHANNEL_UNAVAILABLE"];

export const LOCALE_TEXT =
  "`locale` (`id` atau `en`, bawaannya bahasa bawaan akun) memilih bahasa pesan di setiap channel; `template` memilih template pesan Anda (POST /v3/templates) untuk channel dan bahasa yang punya fragment, selainnya teks standar Sandi. Locale lain dijawab 400 VALIDATION_ERROR, template yang tidak dikenal 404 TEMPLATE_NOT_FOUND, keduanya tanpa biaya.";
