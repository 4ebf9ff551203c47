/** How the explorer formats a response and explains a request that got none. */
import { describe, expect, it } from "vitest";
import { failureMessage, formatBody, formatDuration, formatSize, hexDump, statusLine, TEXT_MAX } from "./response";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("formatBody", () => {
  it("pretty-prints JSON, leaves broken JSON and text as they came", () => {
    expect(formatBody("application/json; charset=utf-8", bytes('{"a":[1,2]}'))).toEqual({
      kind: "text",
      text: '{\n  "a": [\n    1,\n    2\n  ]\n}',
      truncated: false,
    });
    expect(formatBody("application/json", bytes("{nope"))).toEqual({ kind: "text", text: "{nope", truncated: false });
    expect(formatBody("text/html", bytes("<p>hi</p>"))).toEqual({ kind: "text", text: "<p>hi</p>", truncated: false });
    expect(formatBody(null, new Uint8Array())).toEqual({ kind: "empty" });
  });

  it("shows BCS as its length and a hex dump of the first bytes", () => {
    const body = formatBody("application/x-bcs", new Uint8Array(300).fill(0x41));
    expect(body).toMatchObject({ kind: "bytes", length: 300, shown: 256 });
    expect(body.kind === "bytes" && body.hex.split("\n")).toHaveLength(16);
  });

  it("cuts very long text", () => {
    const body = formatBody("text/plain", bytes("x".repeat(TEXT_MAX + 5)));
    expect(body).toMatchObject({ kind: "text", truncated: true });
  });
});

describe("hexDump", () => {
  it("writes offset, hex and printable ASCII, sixteen bytes a line", () => {
    expect(hexDump(new Uint8Array([0x4d, 0x4f, 0x56, 0x45]))).toBe(`00000000  ${"4d 4f 56 45".padEnd(47)}  MOVE`);
    const two = hexDump(new Uint8Array(17).map((_, i) => i));
    expect(two.split("\n")[1]).toBe(`00000010  ${"10".padEnd(47)}  .`);
  });
});

describe("status, time and size", () => {
  it("reads well", () => {
    expect(statusLine(200, "")).toBe("200 OK");
    expect(statusLine(404, "Not Found")).toBe("404 Not Found");
    expect(statusLine(299, "")).toBe("299");
    expect(formatDuration(12.4)).toBe("12 ms");
    expect(formatDuration(1530)).toBe("1.53 s");
    expect(formatSize(900)).toBe("900 B");
    expect(formatSize(1536)).toBe("1.5 KB");
  });
});

describe("failureMessage", () => {
  it("explains a CORS refusal and an unreachable node, both pointing to the curl sample", () => {
    const cors = failureMessage({ kind: "cors", origin: "http://127.0.0.1:9" });
    expect(cors).toContain("does not allow browser requests from this origin (CORS)");
    expect(cors).toContain("curl sample");
    const down = failureMessage({ kind: "network", origin: "http://127.0.0.1:9" });
    expect(down).toContain("No response from http://127.0.0.1:9");
    expect(down).toContain("curl sample");
  });
  it("says how long it waited when the node never answered", () => {
    expect(failureMessage({ kind: "timeout", origin: "http://127.0.0.1:9", ms: 15_000 })).toMatch(
      /^No answer from http:\/\/127\.0\.0\.1:9 within 15\.0 s, so the request was stopped\./,
    );
  });
});
