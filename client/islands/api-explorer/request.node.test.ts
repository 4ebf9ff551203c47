/** The explorer's request building: URL, parameter checks, body checks, the node URL rule, the network choice. */
import { describe, expect, it } from "vitest";
import { baseUrlOf, CUSTOM, restoreChoice } from "./network";
import type { ApiExplorerProps, ExplorerParam } from "./props";
import { buildUrl, checkJsonBody, nodeUrlProblem, paramProblems, parseHex, prepareRequest } from "./request";

const params: ExplorerParam[] = [
  { name: "address", in: "path", required: true, type: "string", example: "0x1" },
  { name: "resource_type", in: "path", required: true, type: "string" },
  { name: "ledger_version", in: "query", type: "string" },
  { name: "limit", in: "query", type: "integer", default: "25" },
  { name: "X-Trace", in: "header", type: "string" },
];

describe("buildUrl", () => {
  it("encodes path parameters, skips empty query parameters, joins the base without a double slash", () => {
    const url = buildUrl("https://node.example/v1/", "/accounts/{address}/resource/{resource_type}", params, {
      "path:address": " 0x1 ",
      "path:resource_type": "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>",
      "query:ledger_version": "",
      "query:limit": "10",
    });
    expect(url).toBe(
      "https://node.example/v1/accounts/0x1/resource/0x1%3A%3Acoin%3A%3ACoinStore%3C0x1%3A%3Aaptos_coin%3A%3AAptosCoin%3E?limit=10",
    );
  });

  it("keeps the {name} placeholder of an empty path parameter (the preview) and encodes a slash", () => {
    expect(
      buildUrl("http://127.0.0.1:8080/v1", "/accounts/{address}/resource/{resource_type}", params, {
        "path:resource_type": "a/b",
      }),
    ).toBe("http://127.0.0.1:8080/v1/accounts/{address}/resource/a%2Fb");
  });

  it("encodes query values", () => {
    expect(buildUrl("https://n/v1", "/x", [{ name: "start", in: "query" }], { "query:start": "a b&c" })).toBe(
      "https://n/v1/x?start=a+b%26c",
    );
  });
});

describe("paramProblems", () => {
  it("names every missing required parameter and rejects a non-integer integer", () => {
    const { errors, invalid } = paramProblems(params, { "path:address": "0x1", "query:limit": "ten" });
    expect(errors).toEqual([
      "Fill in the required parameter resource_type.",
      'limit must be a whole number, got "ten".',
    ]);
    expect(invalid).toEqual(["path:resource_type", "query:limit"]);
    expect(paramProblems(params, {}).errors[0]).toBe("Fill in the required parameters address, resource_type.");
  });

  it("rejects an integer written as a string (a ledger version) that is not a whole number of 0 or more", () => {
    const version: ExplorerParam[] = [{ name: "ledger_version", in: "query", format: "uint64" }];
    expect(paramProblems(version, { "query:ledger_version": "abc" })).toEqual({
      errors: ['ledger_version must be a whole number, got "abc".'],
      invalid: ["query:ledger_version"],
    });
    expect(paramProblems(version, { "query:ledger_version": "-1" }).errors).toHaveLength(1);
    expect(paramProblems(version, { "query:ledger_version": " 2500000 " }).errors).toEqual([]);
    expect(paramProblems([{ name: "offset", in: "query", format: "int32" }], { "query:offset": "-4" }).errors).toEqual(
      [],
    );
  });
});

describe("checkJsonBody", () => {
  it("accepts JSON and says where invalid JSON breaks", () => {
    expect(checkJsonBody('{"a": 1}')).toEqual({ ok: true, text: '{"a": 1}' });
    const bad = checkJsonBody('{\n  "a": 1,\n}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^The request body is not valid JSON: .*line 3,? column \d+/);
  });
});

describe("nodeUrlProblem", () => {
  it("allows https anywhere and http on this computer only", () => {
    expect(nodeUrlProblem("https://mainnet.movementnetwork.xyz/v1")).toBeNull();
    expect(nodeUrlProblem("http://127.0.0.1:8080/v1")).toBeNull();
    expect(nodeUrlProblem("http://localhost:8080/v1")).toBeNull();
    expect(nodeUrlProblem("http://10.0.0.2:8080/v1")).toMatch(/https:\/\/ only/);
    expect(nodeUrlProblem("ftp://x")).toMatch(/must start with https/);
    expect(nodeUrlProblem("127.0.0.1:8080")).toMatch(/must start with https|is not a URL/);
    expect(nodeUrlProblem("not a url")).toMatch(/is not a URL/);
    expect(nodeUrlProblem(" ")).toMatch(/^Enter the node URL/);
  });
});

describe("parseHex", () => {
  it("reads hex with or without 0x and spaces, and rejects anything else", () => {
    expect([...parseHex("0x01 ff\n0A")!]).toEqual([1, 255, 10]);
    expect(parseHex("0x1")).toBeNull();
    expect(parseHex("zz")).toBeNull();
  });
});

const view: ApiExplorerProps = {
  method: "POST",
  path: "/view",
  servers: [{ name: "Movement Mainnet", url: "https://mainnet.movementnetwork.xyz/v1" }],
  params: [{ name: "ledger_version", in: "query", type: "string" }],
  body: { required: true, types: ["application/json", "application/x.aptos.view_function+bcs"] },
  accept: ["application/json", "application/x-bcs"],
};

describe("prepareRequest", () => {
  it("builds a JSON POST with Accept and Content-Type", () => {
    const r = prepareRequest(view, {
      base: "http://127.0.0.1:9/v1",
      values: {},
      accept: "application/x-bcs",
      body: { text: '{"function":"0x1::a::b"}', type: "application/json" },
    });
    expect(r).toEqual({
      ok: true,
      request: {
        method: "POST",
        url: "http://127.0.0.1:9/v1/view",
        headers: { Accept: "application/x-bcs", "Content-Type": "application/json" },
        body: '{"function":"0x1::a::b"}',
      },
    });
  });

  it("sends a BCS body as bytes", () => {
    const r = prepareRequest(view, {
      base: "https://n/v1",
      values: {},
      accept: "application/json",
      body: { text: "0x0102", type: "application/x.aptos.view_function+bcs" },
    });
    expect(r.ok && r.request.body).toEqual(new Uint8Array([1, 2]));
    expect(r.ok && r.request.headers["Content-Type"]).toBe("application/x.aptos.view_function+bcs");
  });

  it("reports every problem at once and sends nothing", () => {
    const r = prepareRequest(
      { ...view, params },
      {
        base: "http://example.com/v1",
        values: {},
        accept: "application/json",
        body: { text: "{oops", type: "application/json" },
      },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(3);
    expect(r.errors[0]).toMatch(/https:\/\/ only/);
    expect(r.errors[1]).toMatch(/required parameters address, resource_type/);
    expect(r.errors[2]).toMatch(/not valid JSON/);
    expect(r.invalid).toEqual(["node-url", "path:address", "path:resource_type", "body"]);
  });

  it("asks for a required body, and sends header parameters that have a value", () => {
    const empty = prepareRequest(view, {
      base: "https://n/v1",
      values: {},
      accept: "application/json",
      body: { text: "  ", type: "application/json" },
    });
    expect(!empty.ok && empty.errors).toEqual(["This operation needs a request body."]);
    const get: ApiExplorerProps = {
      method: "GET",
      path: "/x",
      servers: [],
      params: [{ name: "X-Trace", in: "header" }],
    };
    const r = prepareRequest(get, {
      base: "https://n/v1",
      values: { "header:X-Trace": "abc" },
      accept: "application/json",
    });
    expect(r.ok && r.request).toEqual({
      method: "GET",
      url: "https://n/v1/x",
      headers: { Accept: "application/json", "X-Trace": "abc" },
    });
  });
});

describe("the network choice", () => {
  const servers = [
    { name: "Movement Mainnet", url: "https://mainnet.movementnetwork.xyz/v1" },
    { name: "Movement Testnet", url: "https://testnet.movementnetwork.xyz/v1" },
  ];
  it("restores a remembered server or custom URL, and falls back to the first server", () => {
    expect(restoreChoice(servers, { network: servers[1]!.url, customUrl: null })).toEqual({
      network: servers[1]!.url,
      customUrl: "",
    });
    const custom = restoreChoice(servers, { network: CUSTOM, customUrl: " http://127.0.0.1:8080/v1 " });
    expect(baseUrlOf(custom)).toBe("http://127.0.0.1:8080/v1");
    expect(restoreChoice(servers, { network: "https://gone.example/v1", customUrl: null }).network).toBe(
      servers[0]!.url,
    );
  });
});
