// `npx tsx bench/callgrind-names.ts <dump>…`: names the JIT code in callgrind dumps. Callgrind
// lists V8's compiled JavaScript as bare addresses ("0x000000000d38d380"), a sixth of the app's
// instructions; a server run with `--perf-basic-prof` (IO_FLOOR_JIT_NAMES=1) wrote the address
// range and name of every function it compiled to /tmp/perf-<pid>.map. Each dump is copied to
// <dump>.named with those addresses replaced by "JS:*name file:line [0x…]", for callgrind_annotate.
// Code is rarely moved or freed in a warmed-up server; where ranges overlap, the latest wins.
import { readFileSync, writeFileSync } from "node:fs";

type Range = { start: number; end: number; name: string };

function perfMap(pid: number): Range[] {
  const ranges: Range[] = [];
  for (const line of readFileSync(`/tmp/perf-${pid}.map`, "utf8").split("\n")) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (match) ranges.push({ start: parseInt(match[1], 16), end: parseInt(match[1], 16) + parseInt(match[2], 16), name: match[3] });
  }
  return ranges;
}

/** The name of the latest range holding `address`, or null. */
function nameAt(ranges: Range[], address: number): string | null {
  for (let i = ranges.length - 1; i >= 0; i--) if (ranges[i].start <= address && address < ranges[i].end) return ranges[i].name;
  return null;
}

function name(dump: string): { file: string; named: number; unnamed: number } {
  const text = readFileSync(dump, "utf8");
  const pid = Number(/^pid: (\d+)/m.exec(text)?.[1]);
  if (!pid) throw new Error(`${dump}: no "pid:" line; is it a callgrind dump?`);
  const ranges = perfMap(pid);
  const seen = new Map<string, string | null>();
  let named = 0;
  let unnamed = 0;
  const out = text.replace(/^((?:c?fn)=\(\d+\)) (0x[0-9a-f]+)$/gm, (whole, head: string, address: string) => {
    if (!seen.has(address)) {
      const found = nameAt(ranges, parseInt(address, 16));
      seen.set(address, found);
      if (found) named += 1;
      else unnamed += 1;
    }
    const found = seen.get(address);
    return found ? `${head} ${found} [${address}]` : whole;
  });
  const file = `${dump}.named`;
  writeFileSync(file, out);
  return { file, named, unnamed };
}

const dumps = process.argv.slice(2);
if (!dumps.length) {
  console.error("usage: npx tsx bench/callgrind-names.ts <callgrind dump>…");
  process.exit(2);
}
for (const dump of dumps) {
  const { file, named, unnamed } = name(dump);
  console.log(`${file}: ${named} addresses named, ${unnamed} not in the perf map`);
}
