// /v3/templates and /v3/templates/{name}: the merchant's message templates (docs/templates.md).
import { LOCALE_VALUES } from "@/schemas/v3/locale";
import { createTemplateBody, FRAGMENT_MAX_CHARACTERS, TEMPLATE_CHANNEL_VALUES, templateData, templateDeletedData, templateListData, updateTemplateBody } from "@/schemas/v3/templates";
import { examples } from "@/server/http/v3-endpoints/examples";
import { changeByApiKey } from "@/server/services/audit/api-key-change";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from "@/server/services/templates/manage-templates";
import { defineEndpoint } from "../v3-endpoint";

const MAX_TEXT = Object.entries(FRAGMENT_MAX_CHARACTERS)
  .map(([channel, max]) => `${channel} ${max}`)
  .join(", ");
const RULES = `Setiap fragment: \`channel\` (${TEMPLATE_CHANNEL_VALUES.join(", ")}), \`locale\` (${LOCALE_VALUES.join(", ")}) dan \`text\` dengan placeholder \`{code}\` (wajib), \`{brand}\`, \`{minutes}\` (masa berlaku) dan \`{domain}\` (domain baris autofill); hanya keempatnya yang diganti, kata lain dalam kurung kurawal ditolak. Panjang maksimum text (karakter): ${MAX_TEXT}. Template berlaku per mode API key (live dan uji terpisah).`;
const NAME = [{ name: "name", description: "Nama template", example: "login" }];
const fragments = { fragments: examples.template.fragments };

export const listTemplatesEndpoint = defineEndpoint({
  operationId: "listTemplates",
  method: "get",
  path: "/v3/templates",
  summary: "Daftar template pesan",
  description: `Semua template pesan mode API key ini, urut nama. ${RULES}`,
  response: { name: "TemplateList", schema: templateListData, examples: { templates: { templates: [examples.template] } } },
  errors: [],
  handle: (ctx) => listTemplates(ctx.merchant.id),
});

export const createTemplateEndpoint = defineEndpoint({
  operationId: "createTemplate",
  method: "post",
  path: "/v3/templates",
  summary: "Buat template pesan",
  description: `Membuat template bernama; pilih dengan \`template\` pada POST /v3/request atau /v3/send. Channel dan bahasa tanpa fragment memakai teks standar Sandi. Nama yang sudah ada dijawab 409 TEMPLATE_EXISTS. ${RULES}`,
  input: { from: "body", name: "CreateTemplateBody", schema: createTemplateBody, examples: { login: { name: examples.template.name, ...fragments } } },
  response: { name: "Template", schema: templateData, examples: { login: examples.template } },
  errors: ["TEMPLATE_EXISTS"],
  handle: async (ctx, input) => createTemplate(ctx.merchant.id, input, await changeByApiKey(ctx)),
});

export const getTemplateEndpoint = defineEndpoint({
  operationId: "getTemplate",
  method: "get",
  path: "/v3/templates/{name}",
  summary: "Baca template pesan",
  description: "Template yang tidak ada di mode API key ini dijawab 404 TEMPLATE_NOT_FOUND.",
  pathParameters: NAME,
  response: { name: "Template", schema: templateData, examples: { login: examples.template } },
  errors: ["TEMPLATE_NOT_FOUND"],
  handle: (ctx) => getTemplate(ctx.merchant.id, ctx.params.name ?? ""),
});

export const updateTemplateEndpoint = defineEndpoint({
  operationId: "updateTemplate",
  method: "put",
  path: "/v3/templates/{name}",
  summary: "Ganti fragment template pesan",
  description: `Mengganti semua fragment sekaligus; fragment yang tidak disebut kembali ke teks standar. OTP yang sudah dibuat tidak berubah. ${RULES}`,
  pathParameters: NAME,
  input: { from: "body", name: "UpdateTemplateBody", schema: updateTemplateBody, examples: { login: fragments } },
  response: { name: "Template", schema: templateData, examples: { login: examples.template } },
  errors: ["TEMPLATE_NOT_FOUND"],
  handle: async (ctx, input) => updateTemplate(ctx.merchant.id, ctx.params.name ?? "", input.fragments, await changeByApiKey(ctx)),
});

export const deleteTemplateEndpoint = defineEndpoint({
  operationId: "deleteTemplate",
  method: "delete",
  path: "/v3/templates/{name}",
  summary: "Hapus template pesan",
  description: "Pembuatan OTP berikutnya dengan nama ini dijawab 404 TEMPLATE_NOT_FOUND; pengiriman fallback OTP yang sudah dibuat memakai teks standar.",
  pathParameters: NAME,
  response: { name: "TemplateDeleted", schema: templateDeletedData, examples: { deleted: { name: "login", deleted: true } } },
  errors: ["TEMPLATE_NOT_FOUND"],
  handle: async (ctx) => deleteTemplate(ctx.merchant.id, ctx.params.name ?? "", await changeByApiKey(ctx)),
});
