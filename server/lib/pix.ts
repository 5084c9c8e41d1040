/**
 * PIX BR Code (contract §7 "Financial records"): an EMV® QR Code payload — TLV fields
 * (two-digit id, two-digit length, value) ending with field 63, the CRC16-CCITT
 * (polynomial 0x1021, initial 0xFFFF) of everything up to and including "6304", as four
 * upper-case hexadecimal digits.
 */

/** CRC16-CCITT-FALSE of a text's UTF-8 bytes, as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** The top-level TLV fields of a payload, or null when it does not parse to its end. */
export function emvFields(payload: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let position = 0;
  while (position < payload.length) {
    const id = payload.slice(position, position + 2);
    const lengthText = payload.slice(position + 2, position + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return null;
    const length = Number(lengthText);
    const value = payload.slice(position + 4, position + 4 + length);
    if (value.length !== length) return null;
    fields.set(id, value);
    position += 4 + length;
  }
  return fields;
}

/**
 * Whether `payload` is a BR Code: it starts with the payload format indicator "000201",
 * its TLV fields parse to the end, it names the PIX arrangement (a merchant account field
 * 26–51 holding "br.gov.bcb.pix") and its CRC16 checks.
 */
export function isValidBrCode(payload: string): boolean {
  if (!payload.startsWith("000201") || payload.length < 16 || payload.length > 1000) return false;
  const crcAt = payload.length - 8;
  if (payload.slice(crcAt, crcAt + 4) !== "6304") return false;
  if (crc16(payload.slice(0, crcAt + 4)) !== payload.slice(crcAt + 4).toUpperCase()) return false;
  const fields = emvFields(payload);
  if (!fields) return false;
  for (let id = 26; id <= 51; id++) {
    const account = fields.get(String(id));
    if (account && emvFields(account)?.get("00")?.toLowerCase() === "br.gov.bcb.pix") return true;
  }
  return false;
}
