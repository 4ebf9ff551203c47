/**
 * Stands in for `ajv` and `ajv-formats` in the worker bundle (wrangler.toml `[alias]`). The MCP
 * SDK's server imports them for its default JSON Schema validator, which this server never builds:
 * server.ts passes the SDK's cfworker validator. Left in, they were about a third of the bundle.
 */
export default class Ajv {
  constructor() {
    throw new Error("ajv is not in the worker bundle: pass the MCP SDK a jsonSchemaValidator");
  }
}

/** `ajv-formats`' default export, never called (no Ajv is built). */
export function addFormats(): never {
  throw new Error("ajv-formats is not in the worker bundle");
}
