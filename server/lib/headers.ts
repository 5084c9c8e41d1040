/** Request headers as node:http gives them: lower-case names, repeated ones as arrays. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** The first value of a header, if sent. */
export function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
