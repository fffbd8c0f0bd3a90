// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.
// Wire types (snake_case, as the API sends them); the client hands them out camelCased.

export type ErrorEnvelope = {
  success: false;
  data: null;
  error: {
    /** Tetap dan untuk dibaca mesin; bercabanglah pada ini */
    code: "VALIDATION_ERROR" | "INVALID_CHANNEL" | "INVALID_NUMBER" | "UNAUTHORIZED" | "INSUFFICIENT_BALANCE" | "IP_NOT_ALLOWED" | "OTP_NOT_FOUND" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "OTP_EXPIRED" | "TOO_MANY_ATTEMPTS" | "ALREADY_USED" | "RATE_LIMITED" | "DESTINATION_RATE_LIMITED" | "INTERNAL_ERROR" | "CHANNEL_UNAVAILABLE" | "TEMPLATE_NOT_FOUND" | "TEMPLATE_EXISTS";
    /** Untuk dibaca manusia (bahasa Indonesia); bisa berubah, jangan bercabang padanya */
    message: string;
  } | {
    /** Tetap dan untuk dibaca mesin; bercabanglah pada ini */
    code: "GEO_NOT_ALLOWED";
    /** Untuk dibaca manusia (bahasa Indonesia); bisa berubah, jangan bercabang padanya */
    message: string;
    details: {
      country_code: string;
      channel_class: "sms" | "voice" | "misscall" | "whatsapp";
    };
  } | {
    /** Tetap dan untuk dibaca mesin; bercabanglah pada ini */
    code: "FRAUD_BLOCKED";
    /** Untuk dibaca manusia (bahasa Indonesia); bisa berubah, jangan bercabang padanya */
    message: string;
    details: {
      reason: "prefix_spike" | "signal_velocity";
      prefix: string;
    };
  } | {
    /** Tetap dan untuk dibaca mesin; bercabanglah pada ini */
    code: "DUPLICATE_EXTERNAL_ID";
    /** Untuk dibaca manusia (bahasa Indonesia); bisa berubah, jangan bercabang padanya */
    message: string;
    details: {
      /** Transaksi asli yang memegang external_id ini */
      existing_otp_id: string;
    };
  };
};

export type RequestOtpBody = {
  channel: "whatsapp" | "sms" | "email" | "misscall" | "voice" | "whatsapp_inbound";
  /** Brand dalam pesan; bawaannya brand_name akun. Wajib (di sini atau di akun) untuk voice */
  brand?: string | null;
  /** Kunci idempotensi, per merchant, 24 jam */
  external_id?: string | null;
  /** Konteks pengguna akhir (opsional) untuk fraud guard; tidak pernah dikembalikan, hanya disimpan sebagai hash selama jendela deteksi */
  signals?: {
    /** Alamat IP pengguna akhir seperti yang dilihat merchant (IPv4 atau IPv6) */
    ip?: string | null;
    /** Pengenal tetap perangkat atau browser pengguna akhir, bila merchant punya */
    device_id?: string | null;
    /** User-Agent pengguna akhir */
    user_agent?: string | null;
  } | null;
  /** Bahasa pesan: id atau en; bawaannya bahasa bawaan akun (id bila belum diubah) */
  locale?: unknown;
  /** Nama template pesan (POST /v3/templates); tanpa template: teks standar Sandi. Tidak dikenal: 404 TEMPLATE_NOT_FOUND */
  template?: string | null;
  /** Nomor telepon (angka saja, format internasional tanpa +, minimal 10 digit) atau e-mail; opsional hanya untuk whatsapp_inbound, di mana nomor ini mengikat pengirim */
  destination?: string | null;
  /** Nama lama untuk destination; destination yang dipakai bila keduanya ada */
  number?: string | null;
  /** Cadangan lama untuk channel email, dipakai hanya bila destination dan number kosong */
  email?: string | null;
  /** Detik, 60 sampai 900, bawaan 300; nilai di luar rentang dipangkas */
  ttl?: (number | string | "") | null;
  /** Channel cadangan berurutan (whatsapp, sms, voice), dikirim dengan kode yang sama bila pengiriman gagal atau tidak terkonfirmasi; tidak untuk misscall, email, whatsapp_inbound */
  fallback?: string[] | null;
  /** Detik menunggu konfirmasi terkirim sebelum channel berikutnya, 10 sampai 120, bawaan 20; dipangkas */
  fallback_after?: (number | string | "") | null;
  /** 4 sampai 8, bawaan 6; dipangkas. Tidak berpengaruh untuk voice (4 digit) dan misscall (4 digit terakhir nomor penelepon) */
  otp_length?: (number | string | "") | null;
};

export type OtpTransaction = {
  otp_id: string;
  status: "sent" | "success" | "pending" | "failed" | "verified";
  channel: "whatsapp" | "sms" | "email" | "misscall" | "voice" | "whatsapp_inbound";
  number: string | null;
  /** Harga dalam kredit; tetap ada walau pengiriman gagal, saat tidak ada yang dipotong */
  price: number;
  last_balance: number;
  /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
  expires_at: string;
  verification?: {
    prefix: string;
    otp_length: number;
  } | {
    wa_number: string;
    message: string;
    wa_link: string;
    /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
    expires_at: string;
  };
  /** Gema dari permintaan, bila ada */
  fallback?: ("whatsapp" | "sms" | "voice")[];
  /** Gema dari permintaan (setelah dipangkas), bila fallback ada */
  fallback_after?: number;
  /** Setiap pengiriman sejauh ini, berurutan, seperti di GET /v3/otp/{otp_id} (termasuk rute yang gagal dihubungi sebelum rute berikutnya dicoba); kosong untuk whatsapp_inbound */
  deliveries: {
    channel: "whatsapp" | "sms" | "email" | "misscall" | "voice" | "whatsapp_inbound";
    /** pending (sedang dikirim), sent, success (terkonfirmasi), failed, skipped (tidak dicoba: saldo kurang atau channel dimatikan) */
    status: "pending" | "sent" | "success" | "failed" | "skipped";
    /** Kredit yang dipotong untuk pengiriman ini: 0 bila gagal atau dilewati */
    price: number;
    sent_at: string | "";
    /** Hanya untuk failed dan skipped: kode alasan, mis. invalid_number, not_on_whatsapp, vendor_unavailable (daftar di dokumentasi template pesan) */
    failure_reason?: string;
    /** Nama rute vendor yang dipakai pengiriman ini (mis. sms-twilio, env-sms, sandbox); null untuk pengiriman sebelum ada rute */
    route: string | null;
    /** Mengapa rute itu: only_route (satu-satunya), priority, weight, measured_conversion, exploration, atau failover (rute sebelumnya gagal dihubungi); null bila route null */
    route_reason: ("only_route" | "priority" | "weight" | "measured_conversion" | "exploration" | "failover") | null;
  }[];
};

export type SendOtpBody = {
  channel: "whatsapp" | "sms" | "email";
  /** Kode yang dikirim: angka saja, 4 sampai 8 digit; tidak pernah dikembalikan */
  otp: string;
  /** Brand dalam pesan; bawaannya brand_name akun. Wajib (di sini atau di akun) untuk voice */
  brand?: string | null;
  /** Kunci idempotensi, per merchant, 24 jam */
  external_id?: string | null;
  /** Konteks pengguna akhir (opsional) untuk fraud guard; tidak pernah dikembalikan, hanya disimpan sebagai hash selama jendela deteksi */
  signals?: {
    /** Alamat IP pengguna akhir seperti yang dilihat merchant (IPv4 atau IPv6) */
    ip?: string | null;
    /** Pengenal tetap perangkat atau browser pengguna akhir, bila merchant punya */
    device_id?: string | null;
    /** User-Agent pengguna akhir */
    user_agent?: string | null;
  } | null;
  /** Bahasa pesan: id atau en; bawaannya bahasa bawaan akun (id bila belum diubah) */
  locale?: unknown;
  /** Nama template pesan (POST /v3/templates); tanpa template: teks standar Sandi. Tidak dikenal: 404 TEMPLATE_NOT_FOUND */
  template?: string | null;
  /** Nomor telepon (angka saja, format internasional tanpa +, minimal 10 digit) atau e-mail; opsional hanya untuk whatsapp_inbound, di mana nomor ini mengikat pengirim */
  destination?: string | null;
  /** Nama lama untuk destination; destination yang dipakai bila keduanya ada */
  number?: string | null;
  /** Cadangan lama untuk channel email, dipakai hanya bila destination dan number kosong */
  email?: string | null;
  /** Detik, 60 sampai 900, bawaan 300; nilai di luar rentang dipangkas */
  ttl?: (number | string | "") | null;
  /** Channel cadangan berurutan (whatsapp, sms), dikirim dengan kode yang sama bila pengiriman gagal atau tidak terkonfirmasi; tidak untuk email */
  fallback?: string[] | null;
  /** Detik menunggu konfirmasi terkirim sebelum channel berikutnya, 10 sampai 120, bawaan 20; dipangkas */
  fallback_after?: (number | string | "") | null;
  /** Diabaikan: panjangnya mengikuti panjang otp */
  otp_length?: unknown;
};

export type VerifyOtpBody = {
  /** Dari respons pembuatan; ID dengan bentuk lain dianggap tidak ditemukan */
  otp_id: string;
  /** Kode seperti yang dimasukkan pengguna (untuk misscall, digit terakhir nomor penelepon) */
  otp: string;
};

export type VerificationResult = {
  otp_id: string;
  verified: boolean;
  reason: "" | "mismatch";
};

export type OtpTransactionDetail = {
  otp_id: string;
  status: "pending" | "sent" | "success" | "failed" | "verified";
  channel: "whatsapp" | "sms" | "email" | "misscall" | "voice" | "whatsapp_inbound";
  number: string | null;
  attempts: number;
  /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
  expires_at: string;
  verified_at: string | "";
  /** Kredit yang dipotong: 0 untuk pengiriman gagal, yang gratis */
  price: number;
  verification?: {
    prefix: string;
  };
  /** Bahasa pesan OTP ini */
  locale: "id" | "en";
  /** Template pesan yang dipakai, atau null untuk teks standar */
  template: string | null;
  /** Setiap pengiriman, berurutan; channel di atas adalah channel pengiriman terakhir */
  deliveries: {
    channel: "whatsapp" | "sms" | "email" | "misscall" | "voice" | "whatsapp_inbound";
    /** pending (sedang dikirim), sent, success (terkonfirmasi), failed, skipped (tidak dicoba: saldo kurang atau channel dimatikan) */
    status: "pending" | "sent" | "success" | "failed" | "skipped";
    /** Kredit yang dipotong untuk pengiriman ini: 0 bila gagal atau dilewati */
    price: number;
    sent_at: string | "";
    /** Hanya untuk failed dan skipped: kode alasan, mis. invalid_number, not_on_whatsapp, vendor_unavailable (daftar di dokumentasi template pesan) */
    failure_reason?: string;
    /** Nama rute vendor yang dipakai pengiriman ini (mis. sms-twilio, env-sms, sandbox); null untuk pengiriman sebelum ada rute */
    route: string | null;
    /** Mengapa rute itu: only_route (satu-satunya), priority, weight, measured_conversion, exploration, atau failover (rute sebelumnya gagal dihubungi); null bila route null */
    route_reason: ("only_route" | "priority" | "weight" | "measured_conversion" | "exploration" | "failover") | null;
  }[];
};

export type Account = {
  /** ID merchant publik */
  merchant_id: string;
  /** Nama pemilik akun / merchant */
  name: string;
  /** Brand dalam pesan OTP; nilai bawaan `brand` */
  brand_name: string;
  /** E-mail brand pada akun */
  brand_email: string;
  /** E-mail login/kontak */
  email: string;
  /** Sisa kredit (rupiah); dengan API key uji, saldo uji */
  saldo: number;
  /** true untuk API key live (sk_live_…), false untuk API key uji (sk_test_…) */
  livemode: boolean;
};

export type CreateTopupBody = {
  /** Paket kredit dalam rupiah: 10000, 100000, 500000, 1000000 atau 2000000 */
  amount: 10000 | 100000 | 500000 | 1000000 | 2000000;
  /** Bila tidak diisi, dipilih metode pembayaran aktif pertama yang menerima amount */
  payment_method_id?: number | null;
};

export type TopupInvoice = {
  /** TC + tanggal WIB YYYYMMDD + huruf besar dan angka acak */
  topup_id: string;
  /** Halaman pembayaran bertanda tangan: {app_url}/topup/<topup_id>?hash=<payment_hash>; terbuka tanpa login */
  payment_url: string;
  /** Tanda tangan dalam payment_url, yang mengikat tautan ke tagihan dan merchant */
  payment_hash: string;
  /** Paket kredit yang dipilih, rupiah; nominal inilah yang ditambahkan ke saldo */
  amount: number;
  /** Yang dibayar pembayar, termasuk biaya admin */
  payment_total: number;
  payment_method_id: number;
  /** Nama metode untuk dibaca, mis. QRIS atau BCA Virtual Account */
  payment_method: string;
  payment_type: "qr" | "va";
  /** Batas waktu pembayaran, 3 jam setelah dibuat (WIB) */
  payment_expired_at: string;
  /** Pending untuk tagihan baru */
  status: "Pending" | "Paid" | "Expired" | "Failed";
};

export type TemplateList = {
  templates: {
    name: string;
    fragments: {
      channel: "sms" | "whatsapp" | "email" | "voice";
      locale: "id" | "en";
      text: string;
    }[];
    /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
    created_at: string;
    /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
    updated_at: string;
  }[];
};

export type CreateTemplateBody = {
  /** Nama template: huruf kecil, angka, - atau _, diawali huruf atau angka, paling panjang 64 karakter */
  name: string;
  /** Satu teks per channel dan locale; channel atau locale yang tidak diisi memakai teks standar Sandi */
  fragments: {
    channel: "sms" | "whatsapp" | "email" | "voice";
    locale: "id" | "en";
    /** Isi pesan dengan placeholder {code} (wajib), {brand}, {minutes}, {domain} */
    text: string;
  }[];
};

export type Template = {
  name: string;
  fragments: {
    channel: "sms" | "whatsapp" | "email" | "voice";
    locale: "id" | "en";
    text: string;
  }[];
  /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
  created_at: string;
  /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
  updated_at: string;
};

export type UpdateTemplateBody = {
  /** Satu teks per channel dan locale; channel atau locale yang tidak diisi memakai teks standar Sandi */
  fragments: {
    channel: "sms" | "whatsapp" | "email" | "voice";
    locale: "id" | "en";
    /** Isi pesan dengan placeholder {code} (wajib), {brand}, {minutes}, {domain} */
    text: string;
  }[];
};

export type TemplateDeleted = {
  name: string;
  deleted: true;
};

export type TestMessages = {
  otp_id: string;
  channel: "whatsapp" | "sms" | "email" | "misscall" | "voice" | "whatsapp_inbound";
  destination: string | null;
  /** Pesan seperti yang akan diterima pengguna */
  text: string;
  /** Kode di dalamnya (kosong untuk misscall: kodenya adalah digit akhir `caller`) */
  code: string;
  /** Khusus misscall: nomor yang menelepon */
  caller: string | null;
  /** Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS */
  sent_at: string;
}[];

export type TestInboundBody = {
  /** Nomor WhatsApp pengguna, mis. 6281234567890 */
  from: string;
  /** Teks pesan, seperti yang diisikan wa_link OTP */
  text: string;
};

export type TestInboundResult = {
  matched: boolean;
  otp_id: string | null;
};

export type TestReceiptBody = {
  otp_id: string;
  status: "delivered" | "failed";
};

export type TestReceiptResult = {
  otp_id: string;
  /** Status OTP setelah laporan (laporan hanya menggerakkan OTP berstatus `sent`) */
  status: string;
  /** true bila laporan gagal mengembalikan biaya ke saldo uji */
  refunded: boolean;
};

export type InsightsSummary = {
  /** Seperti diminta */
  from: string;
  /** Seperti diminta */
  to: string;
  totals: {
    /** OTP yang dibuat */
    created: number;
    /** OTP yang setidaknya satu pengirimannya diterima vendor (atau terverifikasi lewat pesan masuk) */
    delivered: number;
    /** OTP yang terverifikasi */
    verified: number;
    /** OTP yang gagal terkirim di semua channel (gratis) */
    failed: number;
    /** OTP terkirim yang kedaluwarsa tanpa verifikasi dan tanpa terkunci */
    expired: number;
    /** OTP yang terkunci karena batas percobaan salah */
    locked: number;
    /** Kredit yang dipotong, setelah pengembalian pengiriman gagal */
    spend: number;
    /** verified ÷ created, 0 sampai 1 (4 desimal); 0 bila tidak ada OTP */
    conversion_rate: number;
  };
  /** Setiap kelompok berjumlah sama dengan totals */
  groups: {
    /** OTP yang dibuat */
    created: number;
    /** OTP yang setidaknya satu pengirimannya diterima vendor (atau terverifikasi lewat pesan masuk) */
    delivered: number;
    /** OTP yang terverifikasi */
    verified: number;
    /** OTP yang gagal terkirim di semua channel (gratis) */
    failed: number;
    /** OTP terkirim yang kedaluwarsa tanpa verifikasi dan tanpa terkunci */
    expired: number;
    /** OTP yang terkunci karena batas percobaan salah */
    locked: number;
    /** Kredit yang dipotong, setelah pengembalian pengiriman gagal */
    spend: number;
    /** verified ÷ created, 0 sampai 1 (4 desimal); 0 bila tidak ada OTP */
    conversion_rate: number;
    /** channel, operator, YYYY-MM-DD, jam 00–23 atau langkah fallback (0 = channel pertama) */
    key: string;
  }[];
};

export type FraudList = {
  list: "safe" | "block";
  entries: {
    value: string;
    created_at: string;
    created_by: string;
  }[];
};

export type FraudListEntryBody = {
  value: string;
};

export type FraudListEntry = {
  value: string;
  created_at: string;
  created_by: string;
};

export type FraudListRemoval = {
  value: string;
  removed: true;
};

export type OtpEvent = {
  /** ID event (evt_…); sama di setiap pengiriman ulang, untuk deduplikasi */
  id: string;
  type: "otp.sent" | "otp.delivered" | "otp.failed" | "otp.fallback" | "otp.locked" | "otp.expired" | "otp.verified";
  /** WIB */
  created_at: string;
  /** false untuk event mode uji */
  livemode: boolean;
  data: {
    otp_id: string;
    /** Channel pengiriman terakhir saat event terjadi */
    channel: string;
    number: string;
    /** Status OTP saat event terjadi */
    status: "pending" | "sent" | "success" | "failed" | "verified";
    external_id: string | null;
    /** Semua kecuali otp.verified */
    attempts?: number;
    /** Semua kecuali otp.verified */
    expires_at?: string;
    /** otp.verified */
    verified_at?: string;
    /** otp.sent dan otp.delivered: pengiriman yang dimaksud */
    delivery?: {
      channel: string;
      status: string;
      price: number;
      sent_at: string;
    };
    /** otp.fallback: channel sebelumnya */
    from?: string;
    /** otp.fallback: channel berikutnya */
    to?: string;
    /** otp.fallback: failed atau not_confirmed; otp.failed: penyebab */
    reason?: string;
  };
};

/** Every /v3 endpoint, by operationId. */
export const ENDPOINTS = {
  requestOtp: { method: "POST", path: "/v3/request", query: [] },
  sendOtp: { method: "POST", path: "/v3/send", query: [] },
  verifyOtp: { method: "POST", path: "/v3/verify", query: [] },
  getOtp: { method: "GET", path: "/v3/otp/{otp_id}", query: [] },
  getAccount: { method: "GET", path: "/v3/account", query: [] },
  createTopup: { method: "POST", path: "/v3/topups", query: [] },
  listTemplates: { method: "GET", path: "/v3/templates", query: [] },
  createTemplate: { method: "POST", path: "/v3/templates", query: [] },
  getTemplate: { method: "GET", path: "/v3/templates/{name}", query: [] },
  updateTemplate: { method: "PUT", path: "/v3/templates/{name}", query: [] },
  deleteTemplate: { method: "DELETE", path: "/v3/templates/{name}", query: [] },
  listTestMessages: { method: "GET", path: "/v3/test/messages", query: ["otp_id","destination","limit"] },
  sendTestInboundWhatsapp: { method: "POST", path: "/v3/test/inbound-whatsapp", query: [] },
  sendTestReceipt: { method: "POST", path: "/v3/test/receipts", query: [] },
  getInsightsSummary: { method: "GET", path: "/v3/insights/summary", query: ["from","to","group_by"] },
  getFraudList: { method: "GET", path: "/v3/lists/{list}", query: [] },
  addFraudListEntry: { method: "POST", path: "/v3/lists/{list}", query: [] },
  removeFraudListEntry: { method: "DELETE", path: "/v3/lists/{list}/{value}", query: [] },
} as const;

export type OperationId = keyof typeof ENDPOINTS;

/** Request body and response data of each endpoint, on the wire. */
export type OperationTypes = {
  requestOtp: { body: RequestOtpBody; data: OtpTransaction };
  sendOtp: { body: SendOtpBody; data: OtpTransaction };
  verifyOtp: { body: VerifyOtpBody; data: VerificationResult };
  getOtp: { body: never; data: OtpTransactionDetail };
  getAccount: { body: never; data: Account };
  createTopup: { body: CreateTopupBody; data: TopupInvoice };
  listTemplates: { body: never; data: TemplateList };
  createTemplate: { body: CreateTemplateBody; data: Template };
  getTemplate: { body: never; data: Template };
  updateTemplate: { body: UpdateTemplateBody; data: Template };
  deleteTemplate: { body: never; data: TemplateDeleted };
  listTestMessages: { body: never; data: TestMessages };
  sendTestInboundWhatsapp: { body: TestInboundBody; data: TestInboundResult };
  sendTestReceipt: { body: TestReceiptBody; data: TestReceiptResult };
  getInsightsSummary: { body: never; data: InsightsSummary };
  getFraudList: { body: never; data: FraudList };
  addFraudListEntry: { body: FraudListEntryBody; data: FraudListEntry };
  removeFraudListEntry: { body: never; data: FraudListRemoval };
};

/** Every error code the API answers, with the HTTP status it comes with. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_CHANNEL: 400,
  INVALID_NUMBER: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_BALANCE: 402,
  IP_NOT_ALLOWED: 403,
  OTP_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  OTP_EXPIRED: 422,
  TOO_MANY_ATTEMPTS: 422,
  ALREADY_USED: 422,
  RATE_LIMITED: 429,
  DESTINATION_RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  CHANNEL_UNAVAILABLE: 503,
  TEMPLATE_NOT_FOUND: 404,
  TEMPLATE_EXISTS: 409,
  GEO_NOT_ALLOWED: 403,
  FRAUD_BLOCKED: 403,
  DUPLICATE_EXTERNAL_ID: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
