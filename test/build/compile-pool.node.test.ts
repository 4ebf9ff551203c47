/**
 * The build's work on worker threads gives exactly what doing it in the build's own thread gives:
 * the same trees, the same error messages with file and position, the same warnings in the same
 * order, the same Markdown twins.
 */
import { describe, expect, it } from "vitest";
import { runTask, threadPool, type CompileJob, type CompileResult } from "../../scripts/build/compile-pool";

const page = (n: number): CompileJob => ({
  file: `content/docs/build/page-${n}.mdx`,
  format: "mdx",
  source: `# Page ${n}\n\nSome **text** on page ${n}.\n\n\`\`\`ts\nconst page = ${n};\n\`\`\`\n\n<Tabs>\n<TabItem value="a" label="A">\n\nInside.\n\n</TabItem>\n</Tabs>\n`,
});

const JOBS: CompileJob[] = [
  page(1),
  { file: "content/docs/build/bad.mdx", format: "mdx", source: "# Bad\n\n<Carousel />\n" },
  page(2),
  { file: "content/docs/build/broken.mdx", format: "mdx", source: "# Broken\n\n<div>\n\nnever closed\n" },
  { file: "content/docs/build/odd.mdx", format: "mdx", source: "# Odd\n\n```cobol\nDISPLAY 'HI'.\n```\n" },
  ...Array.from({ length: 6 }, (_, i) => page(3 + i)),
];

describe("the compile pool", () => {
  it("gives the same results, errors and warnings as compiling here, in job order", { timeout: 120_000 }, async () => {
    const tasks = JOBS.map((compile) => ({ compile }));
    const here: CompileResult[] = [];
    for (const task of tasks) here.push(await runTask(task));
    const pool = threadPool(2);
    const threads = await pool.run(tasks);
    expect(threads).toEqual(here);
    // The twins of the compiled pages, written on threads, are those written here.
    const records = here.flatMap((r, i) =>
      "tree" in r ? [JSON.stringify({ title: `Page ${i}`, description: "A page.", tree: JSON.parse(r.tree) })] : [],
    );
    const twins = await pool.run(records.map((markdown) => ({ markdown })));
    await pool.close();
    expect(twins).toEqual(await Promise.all(records.map((markdown) => runTask({ markdown }))));
    expect(twins[0]).toContain("Some **text** on page 1.");
    expect(here[1]).toMatchObject({
      error: expect.stringMatching(/^content\/docs\/build\/bad\.mdx: unknown component <Carousel>/),
    });
    expect(here[3]).toMatchObject({
      error: expect.stringMatching(/^content\/docs\/build\/broken\.mdx: line 3:1: Expected a closing tag for `<div>`/),
    });
    expect(here[4]!.warnings).toEqual([expect.stringMatching(/odd\.mdx: code block language "cobol" is not loaded/)]);
    expect(JSON.parse((here[0] as { tree: string }).tree)).toContainEqual(["h1", { id: "page-1" }, "Page 1"]);
  });
});
