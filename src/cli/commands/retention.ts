import { UsageError } from "../args";
import type { Command } from "../command";
import { purgePersonalData } from "@/server/services/retention/purge-personal-data";
import { MAX_REPORT_RUNS, retentionReport } from "@/server/services/retention/retention-report";

export const retentionCommands: Command[] = [
  {
    name: "retention run",
    usage: "retention run                      (purge what is past retention now; the worker does this every minute)",
    flags: [],
    run: async () => {
      // Pass after pass until nothing is left, as the worker would over several minutes.
      const total = { otps_masked: 0, webhook_events_masked: 0, sandbox_messages_deleted: 0 };
      for (;;) {
        const pass = await purgePersonalData({ trigger: "otpctl" });
        total.otps_masked += pass.otps_masked;
        total.webhook_events_masked += pass.webhook_events_masked;
        total.sandbox_messages_deleted += pass.sandbox_messages_deleted;
        if (pass.complete) return { ...total, otp_cutoff: pass.otp_cutoff, sandbox_cutoff: pass.sandbox_cutoff };
      }
    },
  },
  {
    name: "retention report",
    usage: "retention report [--limit N]       (what retention passes purged, latest first)",
    flags: ["limit"],
    run: (a) => {
      const limit = a.int("limit");
      if (limit !== undefined && (limit < 1 || limit > MAX_REPORT_RUNS)) throw new UsageError(`--limit must be between 1 and ${MAX_REPORT_RUNS}`);
      return retentionReport(limit);
    },
  },
];
