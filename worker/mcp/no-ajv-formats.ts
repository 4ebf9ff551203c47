/** Stands in for `ajv-formats` in the worker bundle: see no-ajv.ts. */
export { addFormats as default } from "./no-ajv";
