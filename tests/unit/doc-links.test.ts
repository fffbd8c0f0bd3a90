// The docs stand alone: every relative link in README.md and docs/ leads to a file
// inside the repository, and a link to a heading names one that exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.replace(/^```[\s\S]*?^```/gm, "").match(/^#{1,6} .+$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, "")
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}

const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];
const links = files.flatMap((file) =>
  [...prose(readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => ({ file: path.relative(root, file), target })),
);

describe("links in README.md and docs/", () => {
  it("finds the links it checks", () => {
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(links)("$file → $target resolves inside the repository", ({ file, target }) => {
    const [pathPart, anchor] = target.split("#");
    const resolved = pathPart ? path.resolve(root, path.dirname(file), decodeURI(pathPart)) : path.join(root, file);
    expect(path.relative(root, resolved).startsWith(".."), `${target} leaves the repository`).toBe(false);
    expect(existsSync(resolved), `${target} does not exist`).toBe(true);
    if (anchor && statSync(resolved).isFile() && resolved.endsWith(".md")) {
      expect(anchorsOf(readFileSync(resolved, "utf8")).has(anchor), `no heading #${anchor} in ${pathPart || file}`).toBe(true);
    }
  });
});
