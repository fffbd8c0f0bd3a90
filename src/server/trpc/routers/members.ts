import { csvFileSchema } from "@/schemas/dashboard/exports";
import {
  acceptInvitationInput,
  auditFilterInput,
  auditPageOutput,
  changeRoleInput,
  invitationPreviewInput,
  invitationPreviewOutput,
  invitationTargetInput,
  inviteMemberInput,
  memberTargetInput,
  membersOutput,
  myMerchantsOutput,
  noticeOutput,
  switchMerchantInput,
} from "@/schemas/dashboard/members";
import { z } from "zod";
import { exportAuditCsv, listAudit } from "@/server/services/audit/list-audit";
import { acceptInvitation, inviteMember, previewInvitation, revokeInvitation } from "@/server/services/members/invitations";
import { canSwitchTo, changeRole, membersView, myMerchants, removeMember } from "@/server/services/members/members";
import { memberProcedure, publicProcedure, router } from "../init";

export const membersRouter = router({
  /** Tim: the members and open invitations. */
  list: memberProcedure("members.read").output(membersOutput).query(({ ctx }) => membersView(ctx.merchant.id, ctx.member.userRowId)),
  invite: memberProcedure("members.manage").input(inviteMemberInput).output(noticeOutput).mutation(({ ctx, input }) => inviteMember(ctx.changeBy, input)),
  revokeInvitation: memberProcedure("members.manage").input(invitationTargetInput).output(noticeOutput).mutation(({ ctx, input }) => revokeInvitation(ctx.changeBy, input.invitationId)),
  changeRole: memberProcedure("members.manage").input(changeRoleInput).output(noticeOutput).mutation(({ ctx, input }) => changeRole(ctx.changeBy, input.userId, input.role)),
  remove: memberProcedure("members.manage").input(memberTargetInput).output(noticeOutput).mutation(({ ctx, input }) => removeMember(ctx.changeBy, input.userId)),
  /** The signed-in person's accounts, role and permissions (the screens hide what the role cannot do). */
  mine: memberProcedure("self").output(myMerchantsOutput).query(({ ctx }) => myMerchants(ctx.member.userRowId, ctx.member)),
  /** Checks the membership; the browser then sets the merchant cookie. */
  switchTo: memberProcedure("self").input(switchMerchantInput).output(z.object({ merchant_id: z.string() })).mutation(({ ctx, input }) => canSwitchTo(ctx.member.userRowId, input.merchantId)),
  /** Public: the e-mailed link is the credential. */
  previewInvitation: publicProcedure.input(invitationPreviewInput).output(invitationPreviewOutput).query(({ ctx, input }) => previewInvitation(input.token, { ip: ctx.clientIp })),
  acceptInvitation: publicProcedure
    .input(acceptInvitationInput)
    .output(z.object({ message: z.string(), email: z.string() }))
    .mutation(({ ctx, input }) => acceptInvitation(input, { ip: ctx.clientIp, userAgent: ctx.userAgent })),
  audit: memberProcedure("audit.read").input(auditFilterInput).output(auditPageOutput).query(({ ctx, input }) => listAudit(ctx.merchant.id, input)),
  exportAudit: memberProcedure("audit.read").input(auditFilterInput).output(csvFileSchema).mutation(({ ctx, input }) => exportAuditCsv(ctx.merchant.id, input)),
});
