/** The parts of an OpenAPI 3.1 (or 3.0) document the generator reads (loosely typed: the parser validated it). */

export interface Reference {
  $ref: string;
}

export interface Schema {
  $ref?: string;
  /** One type, or several in 3.1 (`[string, "null"]` for a nullable string). */
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** OpenAPI 3.0; the generator also sets it on a 3.1 nullable schema it has unwrapped. */
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

export interface Header {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: Schema;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: Schema;
  example?: unknown;
}

export interface RequestBody {
  description?: string;
  required?: boolean;
  content: Record<string, MediaType>;
}

export interface Response {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody | Reference;
  responses: Record<string, Response | Reference>;
}

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type Method = (typeof METHODS)[number];

export type PathItem = Partial<Record<Method, Operation>> & { parameters?: (Parameter | Reference)[] };

/** A base URL of the API. */
export interface Server {
  url: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    description?: string;
    contact?: { name?: string; url?: string; email?: string };
    license?: { name: string; url?: string };
  };
  servers?: Server[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, Schema>;
    headers?: Record<string, Header>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    requestBodies?: Record<string, RequestBody>;
  };
  externalDocs?: { url: string; description?: string };
}

/** One operation with where it lives in the document. */
export interface OperationEntry {
  method: Method;
  path: string;
  operation: Operation;
  /** JSON pointer of the operation in the document, e.g. `#/paths/~1transactions/get`. */
  pointer: string;
  /** Path-level and operation-level parameters merged (the operation's win). */
  parameters: (Parameter | Reference)[];
}
