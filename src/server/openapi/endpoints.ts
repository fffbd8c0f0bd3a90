// The /v3 endpoints as data: one source for the OpenAPI document and the /docs page.
import type { z } from "zod";
import type { V3ErrorCode } from "@/schemas/v3/envelope";
import { accountData } from "@/schemas/v3/account";
import { otpDetailData, otpTransactionData, requestOtpBody, sendOtpBody, verifyOtpBody, verifyResultData } from "@/schemas/v3/otp";
import { testInboundBody, testInboundData, testMessagesData, testReceiptBody, testReceiptData } from "@/schemas/v3/test-mode";
import { createTopupBody, topupInvoiceData } from "@/schemas/v3/topups";
import { insightsSummaryData, MAX_INSIGHTS_DAYS } from "@/schemas/v3/insights";
import { fraudListData, fraudListEntryBody, fraudListEntryView, fraudListRemoval } from "@/schemas/fraud-lists";
import { IDEMPOTENCY_WINDOW_HOURS } from "@/server/services/otp/otp-rules";
import { examples } from "./examples";

export type Endpoint = {
  operationId: string;
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  description: string;
  pathParameters?: { name: string; description: string; example: string }[];
  /** The example has the parameter's own type: a string for "string", a number for "integer". */
  queryParameters?: ({ name: string; description: string } & ({ type: "string"; example: string } | { type: "integer"; example: number }))[];
  request?: { name: string; schema: z.ZodType; examples: Record<string, unknown> };
  response: { name: string; schema: z.ZodType; examples: Record<string, unknown> };
  errors: V3ErrorCode[];
};

// Every endpoint: the wrapper's checks (key, IP, rate) and its answers to a wrong method or a crash.
const COMMON: V3ErrorCode[] = ["UNAUTHORIZED", "IP_NOT_ALLOWED", "METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL_ERROR"];
const BODY: V3ErrorCode[] = ["VALIDATION_ERROR", "PAYLOAD_TOO_LARGE"];
const CREATION: V3ErrorCode[] = [...BODY, "INVALID_CHANNEL", "INVALID_NUMBER", "INSUFFICIENT_BALANCE", "DUPLICATE_EXTERNAL_ID", "GEO_NOT_ALLOWED", "FRAUD_BLOCKED", "DESTINATION_RATE_LIMITED", "CHANNEL_UNAVAILABLE", ...COMMON];

const FALLBACK_TEXT =
  "`fallback` (daftar channel berurutan dari `whatsapp`, `sms` dan, di /v3/request, `voice`) mengirim kode yang sama lewat channel berikutnya bila pengiriman gagal atau tidak terkonfirmasi dalam `fallback_after` detik (10–120, bawaan 20): satu `otp_id`, satu kode, percobaan dan TTL bersama. Setiap pengiriman yang terkirim dipotong harga channelnya; yang gagal gratis; fallback yang tidak tertutup saldo dilewati. `misscall`, `email` dan `whatsapp_inbound` tidak menerima fallback.";

export const endpoints: Endpoint[] = [
  {
    operationId: "requestOtp",
    method: "post",
    path: "/v3/request",
    summary: "Buat OTP dengan kode dari server",
    description:
      "Membuat kode dengan CSPRNG dan mengirimkannya lewat channel. HTTP 200 untuk hasil `sent` maupun `failed`: baca `data.status`. Pengiriman yang gagal tidak dipotong. " +
      "`misscall`: kodenya 4 digit terakhir nomor penelepon; `verification.prefix` adalah sisanya. `whatsapp_inbound`: status `pending`; pengguna mengirim `verification.message` ke `verification.wa_number`. " +
      `Dengan \`external_id\`, pengulangan dalam ${IDEMPOTENCY_WINDOW_HOURS} jam dengan channel dan tujuan yang sama mengembalikan transaksi asli (tanpa pesan, tanpa biaya); parameter berbeda dijawab 409. ` +
      FALLBACK_TEXT,
    request: {
      name: "RequestOtpBody",
      schema: requestOtpBody,
      examples: { whatsapp: examples.requestBody, fallback: examples.fallbackBody, misscall: { channel: "misscall", destination: "6281234567890" }, whatsapp_inbound: { channel: "whatsapp_inbound" } },
    },
    response: {
      name: "OtpTransaction",
      schema: otpTransactionData,
      examples: { sent: examples.created, fallback: examples.createdFallback, misscall: examples.createdMisscall, whatsapp_inbound: examples.createdInbound, failed: examples.failed },
    },
    errors: CREATION,
  },
  {
    operationId: "sendOtp",
    method: "post",
    path: "/v3/send",
    summary: "Buat OTP dengan kode dari Anda",
    description: "Mengirim `otp` Anda (angka, 4 sampai 8 digit) lewat `whatsapp`, `sms` atau `email`; kodenya tidak pernah dikembalikan. `misscall`, `whatsapp_inbound` dan `voice` dijawab 400 INVALID_CHANNEL. " + FALLBACK_TEXT,
    request: { name: "SendOtpBody", schema: sendOtpBody, examples: { sms: examples.sendBody } },
    response: { name: "OtpTransaction", schema: otpTransactionData, examples: { sent: { ...examples.created, channel: "sms", price: 450, last_balance: 99550 } } },
    errors: CREATION,
  },
  {
    operationId: "verifyOtp",
    method: "post",
    path: "/v3/verify",
    summary: "Verifikasi kode yang dimasukkan pengguna",
    description:
      "Kode yang tidak cocok bukan error: HTTP 200 dengan `verified: false` dan `reason: \"mismatch\"`, dihitung sebagai percobaan. Setelah 5 percobaan gagal (2 untuk `misscall`) setiap panggilan dijawab TOO_MANY_ATTEMPTS. Verifikasi yang berhasil memicu webhook `otp.verified`. Bukan untuk `whatsapp_inbound`, yang terverifikasi otomatis: yang masih menunggu dijawab VALIDATION_ERROR, yang sudah cocok ALREADY_USED.",
    request: { name: "VerifyOtpBody", schema: verifyOtpBody, examples: { verify: examples.verifyBody } },
    response: { name: "VerificationResult", schema: verifyResultData, examples: { verified: examples.verified, mismatch: examples.mismatch } },
    errors: [...BODY, "OTP_NOT_FOUND", "OTP_EXPIRED", "TOO_MANY_ATTEMPTS", "ALREADY_USED", ...COMMON],
  },
  {
    operationId: "getOtp",
    method: "get",
    path: "/v3/otp/{otp_id}",
    summary: "Baca transaksi OTP",
    description: "Hanya membaca dan aman dipanggil berulang: tidak mencatat percobaan dan tidak memotong saldo. `attempts` menghitung verifikasi yang gagal; `verified_at` bernilai \"\" sampai terverifikasi. ID milik merchant lain dijawab OTP_NOT_FOUND.",
    pathParameters: [{ name: "otp_id", description: "Dari respons pembuatan OTP", example: examples.detail.otp_id }],
    response: { name: "OtpTransactionDetail", schema: otpDetailData, examples: { verified: examples.detail, fallback: examples.detailFallback } },
    errors: ["OTP_NOT_FOUND", ...COMMON],
  },
  {
    operationId: "getAccount",
    method: "get",
    path: "/v3/account",
    summary: "Baca akun dan saldo kredit Anda",
    description: "Tidak pernah memuat API key, kata sandi, secret webhook atau ID internal.",
    response: { name: "Account", schema: accountData, examples: { account: examples.account } },
    errors: COMMON,
  },
  {
    operationId: "createTopup",
    method: "post",
    path: "/v3/topups",
    summary: "Buat tagihan isi saldo",
    description:
      "Panggil hanya dari server Anda. `amount` salah satu dari 10000, 100000, 500000, 1000000, 2000000; tanpa `payment_method_id` dipakai metode aktif pertama yang menerima nominal itu. `payment_total` sudah termasuk biaya admin; `amount` yang ditambahkan ke saldo setelah pembayaran dikonfirmasi. Buka `payment_url` (tanpa login) untuk membayar dengan QRIS atau virtual account bank dalam 3 jam. Bila gateway pembayaran gagal, dijawab 500 INTERNAL_ERROR dan tidak ada yang dibuat.",
    request: { name: "CreateTopupBody", schema: createTopupBody, examples: { qris: examples.topupBody, virtual_account: examples.topupBodyWithMethod } },
    response: { name: "TopupInvoice", schema: topupInvoiceData, examples: { qris: examples.topup, virtual_account: examples.topupVa } },
    errors: [...BODY, ...COMMON],
  },
  {
    operationId: "listTestMessages",
    method: "get",
    path: "/v3/test/messages",
    summary: "Mode uji: baca pesan yang dikirim sandbox, beserta kodenya",
    description:
      "Hanya untuk API key uji (`sk_test_…`); dengan API key live path ini dijawab 404 NOT_FOUND seolah tidak ada. Setiap OTP mode uji dikirim oleh sandbox, tidak pernah oleh vendor: baca pesannya di sini, terbaru lebih dulu, disaring dengan `otp_id` atau `destination` (tanpa filter: pesan terakhir mode uji Anda). CI Anda membuat OTP, membaca `code` di sini, lalu memverifikasinya.",
    queryParameters: [
      { name: "otp_id", description: "Hanya pesan OTP ini", example: "OTP20261125ABCD000001", type: "string" },
      { name: "destination", description: "Hanya pesan ke nomor atau alamat e-mail ini", example: "6281234567890", type: "string" },
      { name: "limit", description: "Paling banyak sekian pesan (1–500, bawaan 100)", example: 10, type: "integer" },
    ],
    response: { name: "TestMessages", schema: testMessagesData, examples: { sms: examples.testMessages } },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", ...COMMON],
  },
  {
    operationId: "sendTestInboundWhatsapp",
    method: "post",
    path: "/v3/test/inbound-whatsapp",
    summary: "Mode uji: kirim pesan WhatsApp pengguna untuk OTP whatsapp_inbound",
    description:
      "Hanya untuk API key uji (404 NOT_FOUND dengan API key live). Berperan sebagai pengguna OTP `whatsapp_inbound` mode uji: pesan dicocokkan dengan jalur yang sama seperti pesan WhatsApp masuk sungguhan (teks utuh, sebelum kedaluwarsa, dari nomor tujuan bila OTP punya tujuan) dan, bila cocok, OTP terverifikasi dan `otp.verified` dikirim ke webhook mode uji Anda.",
    request: { name: "TestInboundBody", schema: testInboundBody, examples: { message: examples.testInboundBody } },
    response: { name: "TestInboundResult", schema: testInboundData, examples: { matched: examples.testInboundResult } },
    errors: [...BODY, "NOT_FOUND", ...COMMON],
  },
  {
    operationId: "sendTestReceipt",
    method: "post",
    path: "/v3/test/receipts",
    summary: "Mode uji: laporkan status pengiriman OTP uji",
    description:
      "Hanya untuk API key uji (404 NOT_FOUND dengan API key live). Menggerakkan OTP uji berstatus `sent` seperti laporan vendor: `delivered` menjadi `success`, `failed` menjadi `failed` dengan biaya dikembalikan ke saldo uji. Status lain dibiarkan. OTP merchant lain atau mode live dijawab OTP_NOT_FOUND.",
    request: { name: "TestReceiptBody", schema: testReceiptBody, examples: { failed: examples.testReceiptBody } },
    response: { name: "TestReceiptResult", schema: testReceiptData, examples: { failed: examples.testReceiptResult } },
    errors: [...BODY, "OTP_NOT_FOUND", "NOT_FOUND", ...COMMON],
  },
  {
    operationId: "getInsightsSummary",
    method: "get",
    path: "/v3/insights/summary",
    summary: "Ringkasan konversi OTP per channel, operator, hari, jam atau langkah fallback",
    description:
      `Angka OTP yang dibuat pada rentang hari WIB \`from\`–\`to\` (termasuk keduanya, paling panjang ${MAX_INSIGHTS_DAYS} hari), hanya dari mode API key Anda (live atau uji). ` +
      "Setiap OTP tepat satu dari: verified, failed (gagal terkirim di semua channel), locked (batas percobaan salah), expired (terkirim, kedaluwarsa tanpa verifikasi) atau masih berlaku; `delivered` menghitung OTP yang setidaknya satu pengirimannya diterima vendor. " +
      "`spend` adalah kredit yang dipotong setelah pengembalian pengiriman gagal; `conversion_rate` = verified ÷ created (0–1, 4 desimal). " +
      "Dengan `group_by`, `groups` merinci angka yang sama per kunci dan jumlahnya sama dengan `totals`: `channel` (channel saat OTP dibuat), `operator` (dari prefiks nomor: telkomsel, indosat, xl_axis, tri, smartfren, other), `day` (setiap hari rentang, YYYY-MM-DD), `hour` (00–23 WIB, semua jam) atau `fallback_step` (0 = channel pertama, 1 = setelah fallback pertama, …). " +
      "Dibatasi seperti pembacaan lain (batas per detik API key).",
    queryParameters: [
      { name: "from", description: "Tanggal WIB pertama, YYYY-MM-DD (wajib)", example: "2026-11-01", type: "string" },
      { name: "to", description: `Tanggal WIB terakhir, YYYY-MM-DD (wajib; paling jauh ${MAX_INSIGHTS_DAYS} hari termasuk from)`, example: "2026-11-30", type: "string" },
      { name: "group_by", description: "channel, operator, day, hour atau fallback_step (opsional)", example: "channel", type: "string" },
    ],
    response: { name: "InsightsSummary", schema: insightsSummaryData, examples: { by_channel: examples.insightsSummary } },
    errors: ["VALIDATION_ERROR", ...COMMON],
  },
  {
    operationId: "getFraudList",
    method: "get",
    path: "/v3/lists/{list}",
    summary: "Baca daftar aman atau daftar blokir",
    description:
      "`safe`: nomor dan prefix yang selalu dikirimi OTP, tanpa pemeriksaan fraud guard maupun izin negara (batas per nomor dan saldo tetap berlaku). `block`: nomor dan prefix yang ditolak dengan 403 FRAUD_BLOCKED (`details.reason` = `blocklist`) sebelum apa pun dipotong atau dihitung. Hanya daftar mode API key Anda (live atau uji). Terbaru lebih dulu.",
    pathParameters: [{ name: "list", description: "safe atau block", example: "safe" }],
    response: { name: "FraudList", schema: fraudListData, examples: { safe: { list: "safe", entries: [examples.fraudListEntry] } } },
    errors: ["NOT_FOUND", ...COMMON],
  },
  {
    operationId: "addFraudListEntry",
    method: "post",
    path: "/v3/lists/{list}",
    summary: "Tambahkan nomor atau prefix ke daftar aman atau daftar blokir",
    description:
      "`value`: nomor (6281234567890, +6281234567890 atau 081234567890) atau prefix diakhiri `*` (62812345*), disimpan sebagai digit internasional. Nilai yang sudah ada dijawab dengan entri yang ada; nilai di daftar lain dipindahkan ke daftar ini. Bila nomor cocok dengan entri kedua daftar, entri yang lebih panjang (lebih spesifik) yang berlaku. Paling banyak 1000 entri per daftar. Berlaku dalam satu detik.",
    pathParameters: [{ name: "list", description: "safe atau block", example: "block" }],
    request: { name: "FraudListEntryBody", schema: fraudListEntryBody, examples: { number: { value: "6281234567890" }, prefix: { value: "62812345*" } } },
    response: { name: "FraudListEntry", schema: fraudListEntryView, examples: { entry: examples.fraudListEntry } },
    errors: [...BODY, "NOT_FOUND", ...COMMON],
  },
  {
    operationId: "removeFraudListEntry",
    method: "delete",
    path: "/v3/lists/{list}/{value}",
    summary: "Hapus nomor atau prefix dari daftar aman atau daftar blokir",
    description: "`value` seperti saat ditambahkan (prefix dengan `*`). Nilai yang tidak ada di daftar dijawab 404 NOT_FOUND.",
    pathParameters: [
      { name: "list", description: "safe atau block", example: "block" },
      { name: "value", description: "Nomor atau prefix diakhiri *", example: "62812345*" },
    ],
    response: { name: "FraudListRemoval", schema: fraudListRemoval, examples: { removed: { value: "62812345*", removed: true } } },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", ...COMMON],
  },
];
