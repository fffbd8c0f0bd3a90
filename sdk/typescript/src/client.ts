// The Sandi client: one resource per area of /v3, each method one endpoint.
import type { Camelize } from "./case.js";
import { ENDPOINTS, type OperationId, type OperationTypes } from "./generated/api.js";
import { send, type Call, type RetryInfo, type TransportOptions } from "./http.js";
import { verify } from "./webhooks.js";

export const VERSION = "0.1.0";

export type SandiOptions = {
  apiKey: string;
  /** Where your Sandi serves /v3 (its BASE_URL), e.g. http://localhost:3000. */
  baseUrl: string;
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  onRetry?: (info: RetryInfo) => void;
};

type Body<O extends OperationId> = Camelize<OperationTypes[O]["body"]>;
type Data<O extends OperationId> = Camelize<OperationTypes[O]["data"]>;

export type RequestOtpParams = Body<"requestOtp">;
export type SendOtpParams = Body<"sendOtp">;
export type VerifyOtpParams = Body<"verifyOtp">;
export type CreateTopupParams = Body<"createTopup">;
export type TestMessagesParams = { otpId?: string; destination?: string; limit?: number };
export type TestInboundParams = Body<"sendTestInboundWhatsapp">;
export type TestReceiptParams = Body<"sendTestReceipt">;
/** WIB dates, both included; without `groupBy` only the totals come back (`groups` is empty). */
export type InsightsSummaryParams = { from: string; to: string; groupBy?: "channel" | "operator" | "day" | "hour" | "fallback_step" };
export type OtpTransaction = Data<"requestOtp">;
export type VerificationResult = Data<"verifyOtp">;
export type OtpTransactionDetail = Data<"getOtp">;
export type Account = Data<"getAccount">;
export type TopupInvoice = Data<"createTopup">;
export type TestMessage = Data<"listTestMessages">[number];
export type TestInboundResult = Data<"sendTestInboundWhatsapp">;
export type TestReceiptResult = Data<"sendTestReceipt">;
export type InsightsSummary = Data<"getInsightsSummary">;
export type CreateTemplateParams = Body<"createTemplate">;
export type TemplateFragments = Body<"updateTemplate">["fragments"];
export type Template = Data<"getTemplate">;
export type TemplateDeleted = Data<"deleteTemplate">;
export type FraudListName = "safe" | "block";
export type FraudList = Data<"getFraudList">;
export type FraudListEntry = Data<"addFraudListEntry">;
export type FraudListRemoval = Data<"removeFraudListEntry">;

export class Sandi {
  /** `Sandi.webhooks.verify(body, headers, secret)`: Standard Webhooks signatures. */
  static readonly webhooks = { verify };

  readonly otp: {
    request(params: RequestOtpParams): Promise<OtpTransaction>;
    send(params: SendOtpParams): Promise<OtpTransaction>;
    verify(params: VerifyOtpParams): Promise<VerificationResult>;
    get(otpId: string): Promise<OtpTransactionDetail>;
  };
  readonly account: { get(): Promise<Account> };
  readonly topups: { create(params: CreateTopupParams): Promise<TopupInvoice> };
  /** Conversion, delivery and spend of the OTPs created on the range's WIB days, with one breakdown. */
  readonly insights: { summary(params: InsightsSummaryParams): Promise<InsightsSummary> };
  /** Message templates per channel and locale; pick one with `template` on otp.request / otp.send. */
  readonly templates: {
    list(): Promise<Template[]>;
    create(params: CreateTemplateParams): Promise<Template>;
    get(name: string): Promise<Template>;
    update(name: string, fragments: TemplateFragments): Promise<Template>;
    delete(name: string): Promise<TemplateDeleted>;
  };
  /** The safe list and block list of the key's world: numbers (6281234567890) and prefixes (62812345*). */
  readonly lists: {
    get(list: FraudListName): Promise<FraudList>;
    add(list: FraudListName, value: string): Promise<FraudListEntry>;
    remove(list: FraudListName, value: string): Promise<FraudListRemoval>;
  };
  /** Test mode (sk_test_ keys only): the sandbox's messages, inbound WhatsApp, delivery receipts. */
  readonly test: {
    messages(params?: TestMessagesParams): Promise<TestMessage[]>;
    inboundWhatsapp(params: TestInboundParams): Promise<TestInboundResult>;
    receipt(params: TestReceiptParams): Promise<TestReceiptResult>;
  };
  private readonly options: TransportOptions;

  constructor(options: SandiOptions) {
    if (!options?.apiKey) throw new TypeError("Sandi: apiKey is required");
    if (!options.baseUrl) throw new TypeError("Sandi: baseUrl is required (where your Sandi serves /v3)");
    this.options = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
      fetch: options.fetch ?? globalThis.fetch,
      onRetry: options.onRetry,
      userAgent: `sandi-node/${VERSION}`,
    };
    const call = <O extends OperationId>(op: O, extra: { body?: unknown; query?: Call["query"]; params?: Record<string, string> } = {}) => {
      const endpoint = ENDPOINTS[op];
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(extra.params?.[name] ?? ""));
      return send<Data<O>>(this.options, { method: endpoint.method, path, body: extra.body, query: extra.query });
    };
    this.otp = {
      request: (params) => call("requestOtp", { body: params }),
      send: (params) => call("sendOtp", { body: params }),
      verify: (params) => call("verifyOtp", { body: params }),
      get: (otpId) => call("getOtp", { params: { otp_id: otpId } }),
    };
    this.account = { get: () => call("getAccount") };
    this.topups = { create: (params) => call("createTopup", { body: params }) };
    this.insights = { summary: (params) => call("getInsightsSummary", { query: { from: params.from, to: params.to, group_by: params.groupBy } }) };
    this.templates = {
      list: async () => (await call("listTemplates")).templates,
      create: (params) => call("createTemplate", { body: params }),
      get: (name) => call("getTemplate", { params: { name } }),
      update: (name, fragments) => call("updateTemplate", { body: { fragments }, params: { name } }),
      delete: (name) => call("deleteTemplate", { params: { name } }),
    };
    this.lists = {
      get: (list) => call("getFraudList", { params: { list } }),
      add: (list, value) => call("addFraudListEntry", { params: { list }, body: { value } }),
      remove: (list, value) => call("removeFraudListEntry", { params: { list, value } }),
    };
    this.test = {
      messages: (params = {}) => call("listTestMessages", { query: { otp_id: params.otpId, destination: params.destination, limit: params.limit } }),
      inboundWhatsapp: (params) => call("sendTestInboundWhatsapp", { body: params }),
      receipt: (params) => call("sendTestReceipt", { body: params }),
    };
  }

  /** Any /v3 call the SDK has no method for yet: the same envelope handling, errors and retries. */
  raw<T = unknown>(method: string, path: string, options: { body?: unknown; query?: Call["query"] } = {}): Promise<T> {
    return send<T>(this.options, { method: method.toUpperCase(), path, ...options });
  }
}

/** Which SDK method serves each operationId (a test checks every endpoint has one). */
export const OPERATION_METHODS: Record<OperationId, string> = {
  requestOtp: "otp.request",
  sendOtp: "otp.send",
  verifyOtp: "otp.verify",
  getOtp: "otp.get",
  getAccount: "account.get",
  createTopup: "topups.create",
  listTestMessages: "test.messages",
  sendTestInboundWhatsapp: "test.inboundWhatsapp",
  sendTestReceipt: "test.receipt",
  getInsightsSummary: "insights.summary",
  listTemplates: "templates.list",
  createTemplate: "templates.create",
  getTemplate: "templates.get",
  updateTemplate: "templates.update",
  deleteTemplate: "templates.delete",
  getFraudList: "lists.get",
  addFraudListEntry: "lists.add",
  removeFraudListEntry: "lists.remove",
};
