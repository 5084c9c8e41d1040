import { AppError, type FieldError } from "../errors";

/**
 * What the edge accepts of a request's data, before any schema sees it (every REST
 * and tRPC input and every multipart field goes through `cleanInput`):
 *
 * - JSON at most 32 levels deep: deeper documents crash PostgreSQL's JSON parser
 *   (PGlite for good) long before they mean anything.
 * - No NUL characters and no lone surrogates: PostgreSQL text cannot hold them.
 * - Strings in Unicode NFC, so "é" typed two ways is one value (SKUs, unique names).
 * - `-0` is 0; `__proto__` is never a key.
 *
 * Failures are 422 naming the path, like any invalid field.
 */
export const MAX_JSON_DEPTH = 32;

function pathOf(path: ReadonlyArray<string | number>): string {
  return path.length === 0 ? "(body)" : path.join(".");
}

function reject(path: ReadonlyArray<string | number>, message: string, code: string): never {
  const error: FieldError = { path: pathOf(path), message, code };
  throw new AppError("validation_failed", `${error.path}: ${message}`, { errors: [error] });
}

export function cleanString(value: string, path: ReadonlyArray<string | number>): string {
  if (value.includes("\u0000")) reject(path, "must not contain NUL characters", "invalid_characters");
  if (!value.isWellFormed()) reject(path, "must be valid Unicode text", "invalid_characters");
  // Most text is already NFC (ASCII always is): skip the copy then.
  return value.normalize("NFC");
}

/** A copy of `value` that holds to the rules above, or a 422. Recursion stops at the depth limit. */
export function cleanInput(value: unknown, path: Array<string | number> = [], depth = 0): unknown {
  if (typeof value === "string") return cleanString(value, path);
  if (typeof value === "number") return Object.is(value, -0) ? 0 : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_JSON_DEPTH) reject(path, `is nested deeper than ${MAX_JSON_DEPTH} levels`, "too_deep");
  if (Array.isArray(value)) {
    const result = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      result[index] = cleanInput(value[index], path, depth + 1);
      path.pop();
    }
    return result;
  }
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    path.push(key);
    if (key === "__proto__") reject(path, "is not an allowed key", "invalid_key");
    const cleanKey = cleanString(key, path);
    result[cleanKey] = cleanInput((value as Record<string, unknown>)[key], path, depth + 1);
    path.pop();
  }
  return result;
}

/** A request body as JSON: 422 (or the endpoint's own status) when it is not. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new AppError("validation_failed", "The request body must be a JSON document", {
      errors: [{ path: "(body)", message: cause instanceof Error ? cause.message : "is not JSON", code: "invalid_json" }],
    });
  }
}

/**
 * A query string as an object: repeated keys become arrays, values are decoded
 * strictly (a malformed escape such as `%ZZ` or invalid UTF-8 is a 422 naming the
 * parameter, not a silent U+FFFD) and cleaned like any input.
 */
export function parseQuery(search: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  if (search.startsWith("?")) search = search.slice(1);
  if (search === "") return result;
  for (const part of search.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const rawKey = equals === -1 ? part : part.slice(0, equals);
    const rawValue = equals === -1 ? "" : part.slice(equals + 1);
    const key = decodeComponent(rawKey, rawKey);
    if (key === "__proto__") reject([key], "is not an allowed parameter", "invalid_key");
    const value = cleanString(decodeComponent(rawValue, key), [key]);
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

function decodeComponent(raw: string, name: string): string {
  const text = raw.includes("+") ? raw.replaceAll("+", " ") : raw;
  if (!text.includes("%")) return cleanString(text, [name]);
  try {
    return cleanString(decodeURIComponent(text), [name]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    return reject([name], "is not correctly percent-encoded UTF-8", "invalid_encoding");
  }
}
