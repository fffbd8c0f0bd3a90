// A merchant's named message templates (docs/templates.md), per world: the test world's
// templates are its own, like its keys and saldo. The bodies arrive parsed with the
// schemas in src/schemas/v3/templates.ts, which refuse a fragment without {code},
// with an unknown placeholder or longer than its channel allows; here the texts are
// cleaned of control characters and the name rules (unique, at most so many) apply.
import { Prisma } from "@/generated/prisma/client";
import { cleanMessageText } from "@/lib/template-placeholders";
import { MAX_TEMPLATES_PER_WORLD, TEMPLATE_NAME_PATTERN, type CreateTemplateInput, type TemplateData, type TemplateFragment } from "@/schemas/v3/templates";
import { getDb, type Tx } from "@/server/db/client";
import { recordAudit, worldModeOf, type ChangeBy } from "@/server/services/audit/record-audit";
import { AppError } from "@/server/errors";
import { presentTemplate } from "./present-template";

function cleaned(fragments: TemplateFragment[]): TemplateFragment[] {
  return fragments.map((f) => ({ channel: f.channel, locale: f.locale, text: cleanMessageText(f.text).trim() }));
}

export function templateNotFound(name: string): AppError {
  return new AppError("TEMPLATE_NOT_FOUND", `Template ${name} tidak ditemukan.`);
}

export async function listTemplates(merchantId: number): Promise<{ templates: TemplateData[] }> {
  const db = await getDb();
  const rows = await db.messageTemplate.findMany({ where: { merchantId }, orderBy: { name: "asc" } });
  return { templates: rows.map(presentTemplate) };
}

export async function getTemplate(merchantId: number, name: string): Promise<TemplateData> {
  const db = await getDb();
  const row = TEMPLATE_NAME_PATTERN.test(name) ? await db.messageTemplate.findUnique({ where: { merchantId_name: { merchantId, name } } }) : null;
  if (!row) throw templateNotFound(name);
  return presentTemplate(row);
}

/**
 * A change and its audit row in one transaction (docs/teams.md): by a member in the
 * dashboard or an API key through /v3/templates. The row says which world was changed.
 */
async function audited<T>(by: ChangeBy, merchantId: number, action: string, target: string, change: (tx: Tx) => Promise<T & { after?: Record<string, unknown> }>): Promise<T> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const result = await change(tx);
    const mode = worldModeOf(merchantId, by);
    // A deletion has no after: the world it was deleted from is what it was before.
    const [before, after] = result.after ? [null, { ...result.after, mode }] : [{ mode }, null];
    await recordAudit(tx, { actor: by.actor, merchantId, action, target, before, after });
    return result;
  });
}

export async function createTemplate(merchantId: number, input: CreateTemplateInput, by: ChangeBy): Promise<TemplateData> {
  const db = await getDb();
  if ((await db.messageTemplate.count({ where: { merchantId } })) >= MAX_TEMPLATES_PER_WORLD) {
    throw new AppError("VALIDATION_ERROR", `Paling banyak ${MAX_TEMPLATES_PER_WORLD} template; hapus yang tidak dipakai lagi.`);
  }
  try {
    const fragments = cleaned(input.fragments);
    const row = await audited(by, merchantId, "template.create", input.name, async (tx) => ({
      ...(await tx.messageTemplate.create({ data: { merchantId, name: input.name, fragments } })),
      after: { fragments },
    }));
    return presentTemplate(row);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new AppError("TEMPLATE_EXISTS", `Template ${input.name} sudah ada; ubah dengan PUT /v3/templates/${input.name}.`);
    }
    throw err;
  }
}

/** Replaces every fragment: a fragment left out goes back to Sandi's standard text. */
export async function updateTemplate(merchantId: number, name: string, fragments: TemplateFragment[], by: ChangeBy): Promise<TemplateData> {
  if (!TEMPLATE_NAME_PATTERN.test(name)) throw templateNotFound(name);
  const stored = cleaned(fragments);
  const { count } = await audited(by, merchantId, "template.update", name, async (tx) => {
    const updated = await tx.messageTemplate.updateMany({ where: { merchantId, name }, data: { fragments: stored, updatedAt: new Date() } });
    if (updated.count === 0) throw templateNotFound(name);
    return { ...updated, after: { fragments: stored } };
  });
  if (count === 0) throw templateNotFound(name);
  return getTemplate(merchantId, name);
}

/** OTPs already created with the template keep their messages; a later fallback send uses the standard text. */
export async function deleteTemplate(merchantId: number, name: string, by: ChangeBy): Promise<{ name: string; deleted: true }> {
  if (!TEMPLATE_NAME_PATTERN.test(name)) throw templateNotFound(name);
  await audited(by, merchantId, "template.delete", name, async (tx) => {
    const { count } = await tx.messageTemplate.deleteMany({ where: { merchantId, name } });
    if (count === 0) throw templateNotFound(name);
    return {};
  });
  return { name, deleted: true };
}
