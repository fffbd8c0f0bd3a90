import { z } from "zod";
import { newPasswordSchema } from "./account-security";
import { entryFor, storedEnum, type StoredValue } from "../stored-enum";

export const ROLES = ["owner", "developer", "finance", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** What the console calls each role. */
export const ROLE_LABELS: Record<Role, string> = { owner: "Pemilik", developer: "Developer", finance: "Keuangan", viewer: "Pemantau" };
/** A role as read from a membership or invitation: a later release may add roles (this release grants them nothing). */
export type StoredRole = StoredValue<Role>;
/** The role's name, or the role as stored when a later release added it. */
export const roleLabel = (role: StoredRole): string => entryFor(ROLE_LABELS, role) ?? role;

/**
 * What a member may do. Every dashboard procedure names one of these; the role
 * table (permissions.ts, beside this file) decides which roles hold it, and the
 * screens hide what the signed-in role lacks.
 */
export const PERMISSIONS = [
  "self",
  "read",
  "keys.read",
  "keys.manage",
  "webhooks.read",
  "webhooks.manage",
  "brand.manage",
  "sandbox.use",
  "apiLog.read",
  "balance.read",
  "topups.create",
  "security.manage",
  "members.read",
  "members.manage",
  "audit.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const emailSchema = z.string().trim().toLowerCase().email("Alamat e-mail tidak valid.").max(254, "Alamat e-mail terlalu panjang.");
const tokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, "Tautan undangan tidak valid atau sudah kedaluwarsa.");
const userIdSchema = z.string().trim().regex(/^usr_[A-Za-z0-9]{1,40}$/, "Anggota tidak dikenal.");
const merchantIdSchema = z.string().trim().regex(/^mch_[A-Za-z0-9]{1,40}$/, "Akun tidak dikenal.");

export const inviteMemberInput = z.object({ email: emailSchema, role: z.enum(ROLES) });
export type InviteMemberInput = z.output<typeof inviteMemberInput>;
export const changeRoleInput = z.object({ userId: userIdSchema, role: z.enum(ROLES) });
export const memberTargetInput = z.object({ userId: userIdSchema });
export const invitationTargetInput = z.object({ invitationId: z.number().int().positive() });
export const switchMerchantInput = z.object({ merchantId: merchantIdSchema });

/** Accepting: a new person sets a name and password; someone who already has a login confirms with its password. */
export const acceptInvitationInput = z.object({
  token: tokenSchema,
  name: z.string().trim().max(100).optional(),
  password: newPasswordSchema.or(z.string().min(1).max(200)),
});
export type AcceptInvitationInput = z.output<typeof acceptInvitationInput>;
export const invitationPreviewInput = z.object({ token: tokenSchema });

// Roles read back from the database are stored values (storedEnum). A role this release does
// not know holds no permission here (permissions.ts): such a member is refused every
// procedure, and the dashboard shows them "Tidak ada akses" with the role as stored. The
// permissions stay strict: this release's own table computes them.
const storedRole = storedEnum(ROLES);
export const memberRow = z.object({ user_id: z.string(), email: z.string(), name: z.string(), role: storedRole, two_step: z.boolean(), joined_at: z.string(), you: z.boolean() });
export const invitationRow = z.object({ id: z.number(), email: z.string(), role: storedRole, expires_at: z.string() });
export const membersOutput = z.object({ members: z.array(memberRow), invitations: z.array(invitationRow) });
export const invitationPreviewOutput = z.object({ merchant_name: z.string(), email: z.string(), role: storedRole, has_login: z.boolean() });
export const myMerchantsOutput = z.object({
  current: z.string(),
  role: storedRole,
  permissions: z.array(z.enum(PERMISSIONS)),
  merchants: z.array(z.object({ merchant_id: z.string(), name: z.string(), role: storedRole })),
});
export const noticeOutput = z.object({ message: z.string() });

export const auditFilterInput = z.object({
  action: z.string().trim().max(64).optional(),
  actor: z.string().trim().max(254).optional(),
  cursor: z.number().int().positive().nullish(),
  limit: z.number().int().min(1).max(200).optional(),
});
export type AuditFilter = z.output<typeof auditFilterInput>;
/** Who made a change: a member (dashboard), an operator (otpctl) or an API key (/v3); docs/teams.md. */
export const AUDIT_ACTOR_TYPES = ["member", "operator", "api_key"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
export const auditRow = z.object({
  id: z.number(),
  actor: z.string(),
  /** A later release may add actor types (api_key was one): its rows still show, with the type as stored. */
  actor_type: storedEnum(AUDIT_ACTOR_TYPES),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: z.string(),
});
export const auditPageOutput = z.object({ rows: z.array(auditRow), next_cursor: z.number().nullable() });
