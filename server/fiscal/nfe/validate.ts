import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

/**
 * Validation against the official schemas (contract §13), vendored in ./xsd with their
 * provenance and checksums (xsd/PL_010_V1.30/SOURCES.md), run by xmllint compiled to
 * WebAssembly (xmllint-wasm: no native build). Each call starts a worker and compiles the
 * schema (about half a second here): an NF-e is validated once, when it is issued.
 */
export const SCHEMA_PACKAGE = "PL_010_V1.30";

export type SchemaKind = "nfe" | "cancel" | "correction";
const ROOT: Record<SchemaKind, string> = {
  nfe: "nfe_v4.00.xsd",
  cancel: "eventoCancNFe_v1.00.xsd",
  correction: "CCe_v1.00.xsd",
};

/** The schema folder, from the sources (tests, dev) or next to the built server (dist/), found upwards. */
function schemaDir(): string {
  let dir = import.meta.dirname;
  for (let depth = 0; depth < 6; depth++) {
    for (const candidate of [path.join(dir, "xsd", SCHEMA_PACKAGE), path.join(dir, "server/fiscal/nfe/xsd", SCHEMA_PACKAGE)]) {
      if (existsSync(path.join(candidate, ROOT.nfe))) return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`the NF-e schemas (${SCHEMA_PACKAGE}) are not where the server runs`);
}

let files: Array<{ fileName: string; contents: string }> | null = null;
function schemaFiles() {
  if (!files) {
    const dir = schemaDir();
    files = readdirSync(dir)
      .filter((name) => name.endsWith(".xsd"))
      .map((fileName) => ({ fileName, contents: readFileSync(path.join(dir, fileName), "utf8") }));
  }
  return files;
}

export interface SchemaError {
  /** The element the schema refused, as xmllint names it ("{ns}vNF" → "vNF"). */
  element: string | null;
  message: string;
}

/** Validates one document; the errors name the element and what the schema wanted. */
export async function validateAgainstSchema(xml: string, kind: SchemaKind): Promise<SchemaError[]> {
  const all = schemaFiles();
  const root = all.find((file) => file.fileName === ROOT[kind])!;
  const result = await validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: [root],
    preload: all.filter(
      (file) =>
        file.fileName !== root.fileName &&
        (kind === "nfe"
          ? !file.fileName.match(/^(eventoCanc|leiauteEvento|CCe|leiauteCCe|tiposBasico_v1)/)
          : !file.fileName.match(/^(nfe_|leiauteNFe|DFe|tiposBasico_v4)/)),
    ),
  });
  if (result.valid) return [];
  return result.errors.map((error) => {
    const message = error.message.replace(/^.*?Schemas validity error : /, "").trim();
    const element = /Element '(?:\{[^}]*\})?([A-Za-z0-9_]+)'/.exec(message)?.[1] ?? null;
    return { element, message: message.replace(/\{http:\/\/www\.portalfiscal\.inf\.br\/nfe\}/g, "") };
  });
}
