// Roles (docs/teams.md): every dashboard procedure names a permission, and each role
// is refused (FORBIDDEN) exactly the procedures whose permission it lacks. The table
// is read from the router itself, so a new procedure without a rule fails here.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { PERMISSIONS, ROLES, type Role } from "@/schemas/dashboard/members";
import { createMerchant } from "@/server/services/merchants/merchants";
import { roleMay, ROLES_BY_PERMISSION } from "@/server/services/members/permissions";
import type { ProcedureMeta } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/app-router";
import { addMember, ownerUserId } from "../harness/members";
import { callerFor } from "../harness/trpc";

/** The only procedures that need no session: the sign-up and the e-mailed links. Adding one means adding it here, on purpose. */
const PUBLIC = ["account.signUp", "account.requestPasswordReset", "account.resetPassword", "account.verifyEmail", "members.previewInvitation", "members.acceptInvitation"];

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>).map(([path, p]) => ({ path, permission: p._def.meta?.permission }));

type AnyCaller = Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;

async function outcome(caller: AnyCaller, path: string): Promise<string> {
  const [area, name] = path.split(".");
  try {
    await caller[area][name]({});
    return "ok";
  } catch (err) {
    return err instanceof TRPCError ? err.code : `unexpected: ${(err as Error).message}`;
  }
}

describe("roles against every tRPC procedure", () => {
  it("every procedure names a permission the role table knows, and only the listed ones are public", () => {
    expect(procedures.length).toBeGreaterThanOrEqual(50);
    for (const { path, permission } of procedures) {
      expect(permission, `${path} has no permission`).toBeDefined();
      if (permission === "public") expect(PUBLIC, `${path} is public but not listed`).toContain(path);
      else expect(PERMISSIONS, path).toContain(permission);
    }
    expect(procedures.filter((p) => p.permission === "public").map((p) => p.path).sort()).toEqual([...PUBLIC].sort());
    for (const permission of PERMISSIONS) expect(ROLES_BY_PERMISSION[permission].length, permission).toBeGreaterThan(0);
  });

  it("grants what each role is for: owner everything, developer no top-ups, finance no keys or webhook secrets, viewer nothing that changes or reveals", () => {
    for (const permission of PERMISSIONS) expect(roleMay("owner", permission), permission).toBe(true);
    expect(roleMay("developer", "topups.create")).toBe(false);
    expect(["keys.manage", "webhooks.manage", "brand.manage", "sandbox.use", "apiLog.read"].every((p) => roleMay("developer", p as never))).toBe(true);
    expect(["keys.read", "keys.manage", "webhooks.manage", "sandbox.use"].some((p) => roleMay("finance", p as never))).toBe(false);
    expect(["balance.read", "topups.create"].every((p) => roleMay("finance", p as never))).toBe(true);
    const changes = PERMISSIONS.filter((p) => p.endsWith(".manage") || p === "topups.create" || p === "sandbox.use");
    expect(changes.filter((p) => roleMay("viewer", p))).toEqual([]);
    expect(["members.manage", "security.manage", "audit.read"].filter((p) => roleMay("developer", p as never) || roleMay("finance", p as never))).toEqual([]);
  });

  describe.each(ROLES)("as %s", (role: Role) => {
    it("is refused exactly the procedures whose permission the role lacks", async () => {
      const created = await createMerchant({ name: "Toko Peran", email: `pemilik-${role}@toko.test`, password: "kata-sandi-pemilik" });
      const userPublicId = role === "owner" ? await ownerUserId(created.merchant_id) : await addMember(created.merchant_id, `${role}@toko.test`, role);
      const caller = callerFor({ userPublicId, merchantPublicId: created.merchant_id, clientIp: "203.0.113.7" }) as unknown as AnyCaller;
      for (const { path, permission } of procedures) {
        if (permission === "public" || permission === undefined) continue;
        const result = await outcome(caller, path);
        if (roleMay(role, permission)) expect(result, `${role} may call ${path} (${permission})`).not.toBe("FORBIDDEN");
        else expect(result, `${role} may not call ${path} (${permission})`).toBe("FORBIDDEN");
        expect(result, path).not.toMatch(/^unexpected/);
      }
    });
  });
});
