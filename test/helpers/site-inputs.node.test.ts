/**
 * The digest the e2e files start a kept KV folder by: any change to what the site is built from
 * gives another folder, so no file is ever served a site older than its content.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteInputsDigest } from "./site-inputs";
import { tempSite, type TempSite } from "./temp-site";

describe("siteInputsDigest", () => {
  let site: TempSite;
  beforeAll(async () => {
    site = await tempSite();
  });
  afterAll(() => site.remove());

  it("is the same for the same inputs, and another for any change to a page, the config, the API document or a public file", async () => {
    const first = siteInputsDigest(site.root, "lenient");
    expect(siteInputsDigest(site.root, "lenient")).toBe(first);
    expect(siteInputsDigest(site.root, "strict")).not.toBe(first);

    const page = path.join(site.root, "content/docs/build/tools.mdx");
    const text = await readFile(page, "utf8");
    await writeFile(page, `${text}\nOne more line.\n`);
    expect(siteInputsDigest(site.root, "lenient")).not.toBe(first);
    await writeFile(page, text);
    expect(siteInputsDigest(site.root, "lenient")).toBe(first);

    for (const [file, body] of [
      ["content/new-page.md", "# New\n"],
      ["openapi/node.yaml", "openapi: 3.0.0\n"],
      ["client/public/robots-extra.txt", "x\n"],
    ] as const) {
      const before = siteInputsDigest(site.root, "lenient");
      await mkdir(path.dirname(path.join(site.root, file)), { recursive: true });
      await writeFile(path.join(site.root, file), body);
      expect(siteInputsDigest(site.root, "lenient"), file).not.toBe(before);
    }
  });
});
