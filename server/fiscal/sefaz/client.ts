import { request } from "node:https";
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { NFE_NAMESPACE } from "../nfe/document";
import { el } from "../nfe/xml";
import type { SefazServices } from "./urls";

/**
 * A SEFAZ client for NF-e 4.00 (contract §13): NFeAutorizacao4 (a batch of one NF-e, sent
 * synchronously; an asynchronous answer, cStat 103, is followed by NFeRetAutorizacao4 until the
 * batch is processed), and NFeRecepcaoEvento4 for cancellations and correction letters. SOAP
 * 1.2 over mutual TLS with the company's A1 (the key and certificate as PEM: Node's own PKCS#12
 * reader refuses the legacy files). It cannot reach a SEFAZ from here: tests run it against a
 * local HTTPS server that answers the documented messages.
 */

export interface SefazTarget {
  services: SefazServices;
  /** tpAmb: 1 production, 2 homologation. */
  environment: 1 | 2;
  /** Certificates to trust for the SEFAZ's servers (PEM; ICP-Brasil's chain), besides Node's. */
  ca?: string;
  timeoutMs?: number;
  /** Between two reads of an asynchronous batch's result. */
  pollIntervalMs?: number;
  pollAttempts?: number;
}

export interface SefazCredentials {
  keyPem: string;
  certificatePem: string;
}

export type AuthorizationResult =
  /** `protNFe`: the SEFAZ's protocol element as it answered it, for the nfeProc. */
  | { status: "AUTHORIZED"; code: string; reason: string; protocol: string; receivedAt: string; protNFe: string }
  | { status: "REJECTED"; code: string; reason: string }
  /** Still being processed after the last read (cStat 105), or the batch itself refused before its NF-e was read. */
  | { status: "PENDING"; code: string; reason: string };

export type EventResult =
  { status: "REGISTERED"; code: string; reason: string; protocol: string } | { status: "REJECTED"; code: string; reason: string };

export class SefazError extends Error {}

const SOAP = "http://www.w3.org/2003/05/soap-envelope";
const WSDL = "http://www.portalfiscal.inf.br/nfe/wsdl";

function envelope(service: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="${SOAP}"><soap12:Body>` +
    `<nfeDadosMsg xmlns="${WSDL}/${service}">${body}</nfeDadosMsg></soap12:Body></soap12:Envelope>`
  );
}

/** One SOAP 1.2 call over mutual TLS; the answer's text (a non-2xx or a network failure is a SefazError). */
function post(
  url: string,
  service: string,
  method: string,
  body: string,
  target: SefazTarget,
  credentials: SefazCredentials,
): Promise<string> {
  const payload = Buffer.from(envelope(service, body));
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: "POST",
        key: credentials.keyPem,
        cert: credentials.certificatePem,
        ...(target.ca ? { ca: target.ca } : {}),
        headers: {
          "content-type": `application/soap+xml; charset=utf-8; action="${WSDL}/${service}/${method}"`,
          "content-length": String(payload.byteLength),
        },
        timeout: target.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > 5 * 1024 * 1024) call.destroy(new SefazError("the SEFAZ answered more than 5 MiB"));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if ((response.statusCode ?? 0) >= 300) reject(new SefazError(`the SEFAZ answered HTTP ${response.statusCode}`));
          else resolve(text);
        });
        response.on("error", reject);
      },
    );
    call.on("timeout", () => call.destroy(new SefazError("the SEFAZ did not answer in time")));
    call.on("error", (error) =>
      reject(error instanceof SefazError ? error : new SefazError(`the SEFAZ could not be reached: ${error.message}`)),
    );
    call.end(payload);
  });
}

/** The text of the first element named `name` (any namespace) inside `scope`. */
function first(
  scope: { getElementsByTagNameNS(ns: string, name: string): ArrayLike<{ textContent: string | null }> },
  name: string,
): string | null {
  return scope.getElementsByTagNameNS("*", name)[0]?.textContent?.trim() ?? null;
}

function parse(text: string) {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(text, "text/xml");
  if (!document.documentElement) throw new SefazError("the SEFAZ answered something that is not XML");
  return document;
}

/** The protNFe of an answer (retEnviNFe or retConsReciNFe) as a result. */
function protocolOf(text: string): AuthorizationResult | null {
  const document = parse(text);
  const info = document.getElementsByTagNameNS("*", "infProt")[0];
  if (!info) return null;
  const code = first(info, "cStat") ?? "";
  const reason = first(info, "xMotivo") ?? "";
  // 100 authorized; 150 authorized out of time; 110/301/302/303 denied use (kept as rejections with their reason).
  if (code === "100" || code === "150") {
    const protNFe = info.parentNode ? new XMLSerializer().serializeToString(info.parentNode) : "";
    return { status: "AUTHORIZED", code, reason, protocol: first(info, "nProt") ?? "", receivedAt: first(info, "dhRecbto") ?? "", protNFe };
  }
  return { status: "REJECTED", code, reason };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one signed NF-e (`<NFe>…</NFe>`, no XML declaration) for authorization. */
export async function authorizeNfe(
  nfe: string,
  lot: string,
  target: SefazTarget,
  credentials: SefazCredentials,
): Promise<AuthorizationResult> {
  const batch = el("enviNFe", [el("idLote", lot), el("indSinc", "1"), nfe], { xmlns: NFE_NAMESPACE, versao: "4.00" });
  const answer = await post(target.services.authorization, "NFeAutorizacao4", "nfeAutorizacaoLote", batch, target, credentials);
  const immediate = protocolOf(answer);
  if (immediate) return immediate;
  const document = parse(answer);
  const code = first(document, "cStat") ?? "";
  const reason = first(document, "xMotivo") ?? "";
  const receipt = first(document, "nRec");
  // 103: the batch was received, its result is read later by its receipt.
  if (code !== "103" || !receipt) return { status: code.startsWith("1") ? "PENDING" : "REJECTED", code, reason };
  let last: AuthorizationResult = { status: "PENDING", code, reason };
  for (let attempt = 0; attempt < (target.pollAttempts ?? 5); attempt++) {
    await wait(target.pollIntervalMs ?? 2_000);
    const query = el("consReciNFe", [el("tpAmb", String(target.environment)), el("nRec", receipt)], {
      xmlns: NFE_NAMESPACE,
      versao: "4.00",
    });
    const result = await post(target.services.result, "NFeRetAutorizacao4", "nfeRetAutorizacaoLote", query, target, credentials);
    const protocol = protocolOf(result);
    if (protocol) return protocol;
    const status = parse(result);
    last = { status: "PENDING", code: first(status, "cStat") ?? "", reason: first(status, "xMotivo") ?? "" };
    // 105: still being processed; anything else without a protocol ends the reading.
    if (last.code !== "105") return { ...last, status: last.code.startsWith("1") ? "PENDING" : "REJECTED" };
  }
  return last;
}

/** Registers one signed event (`<evento>…</evento>`, no XML declaration). */
export async function registerEvent(event: string, lot: string, target: SefazTarget, credentials: SefazCredentials): Promise<EventResult> {
  const batch = el("envEvento", [el("idLote", lot), event], { xmlns: NFE_NAMESPACE, versao: "1.00" });
  const answer = parse(await post(target.services.event, "NFeRecepcaoEvento4", "nfeRecepcaoEvento", batch, target, credentials));
  const info = answer.getElementsByTagNameNS("*", "infEvento")[0];
  const code = (info ? first(info, "cStat") : first(answer, "cStat")) ?? "";
  const reason = (info ? first(info, "xMotivo") : first(answer, "xMotivo")) ?? "";
  // 135 registered and linked to the NF-e; 136 registered, not linked; 155 a cancellation accepted out of time.
  if (info && (code === "135" || code === "136" || code === "155"))
    return { status: "REGISTERED", code, reason, protocol: first(info, "nProt") ?? "" };
  return { status: "REJECTED", code, reason };
}
