import type { Args } from "./args";

export type Command = {
  /** e.g. "merchant create" */
  name: string;
  usage: string;
  flags: string[];
  run: (args: Args) => Promise<unknown>;
};
