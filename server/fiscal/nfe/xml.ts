/**
 * The few lines of XML writing an NF-e needs: elements in the schema's order, no prefixes, no
 * whitespace between tags (SEFAZ rejections 404 and 588), text escaped. A child that is
 * `undefined` or `null` is left out, so optional groups are written as `cond ? el(...) : null`.
 */
export type Node = string | null | undefined | false;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as the schemas accept it: escaped, control characters dropped, runs of spaces made one, trimmed. */
export function text(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** `<name attrs>children</name>`; a leaf when `content` is a string (escaped). */
export function el(name: string, content: string | number | readonly Node[], attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${text(value)}"`)
    .join("");
  const body = Array.isArray(content) ? content.filter((child) => typeof child === "string").join("") : text(String(content));
  return `<${name}${attrs}>${body}</${name}>`;
}

/** A leaf left out when its value is absent or empty. */
export function opt(name: string, value: string | number | null | undefined): Node {
  if (value === null || value === undefined || value === "") return null;
  return el(name, value);
}
