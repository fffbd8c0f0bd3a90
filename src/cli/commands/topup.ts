import type { Command } from "../command";
import { payTopupAsOperator } from "@/server/services/topups/operator";

export const topupCommands: Command[] = [
  {
    name: "topup pay",
    usage: "topup pay <topup_id>",
    flags: [],
    run: (a) => payTopupAsOperator(a.positional(0, "topup_id")),
  },
];
