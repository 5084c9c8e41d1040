import type { Db } from "../../db/scoped";
import { digitsOnly, isValidFiscalNumber } from "../../lib/fiscal-number";
import { partnerCredit, setPartnerCredit } from "../../parties/partners/credit";
import { partnerWrite, type Partner, type PartnerAddress } from "../../parties/partners/schemas";
import { partners } from "../../parties/partners/service";
import { comparable, numberCell } from "../cells";
import {
  cellValue,
  NameIndex,
  nameError,
  repeatedKey,
  schemaErrors,
  type CheckedRow,
  type ImportKindSpec,
  type RowError,
  allRows,
  breathe,
} from "./kind";

/**
 * Partners (contract §14): matched by CPF/CNPJ (masked or not; a number a spreadsheet shortened
 * gets its leading zeros back); seller by e-mail, profile by name; the address of the file is
 * the partner's default address (its other addresses are kept). A row is checked as POST or PUT
 * /partners checks a body. The credit limit is the credit desk's (PUT /partners/{id}/credit):
 * a SELLER's file may not set it.
 */

const COLUMNS = [
  { field: "name", pt: "Nome", en: "Name", example: "Ferragens Paulista Ltda", aliases: ["Razão social", "Company name"] },
  { field: "trade_name", pt: "Nome fantasia", en: "Trade name", example: "Ferragens Paulista", aliases: ["Fantasia"] },
  {
    field: "document",
    pt: "CNPJ/CPF",
    en: "CNPJ/CPF",
    example: "11.222.333/0001-81",
    aliases: ["CNPJ", "CPF", "CPF/CNPJ", "Documento", "Tax ID"],
  },
  { field: "ie", pt: "IE", en: "IE", example: "110.042.490.114", aliases: ["Inscrição estadual", "State registration"] },
  { field: "email", pt: "E-mail", en: "E-mail", example: "compras@ferragenspaulista.com.br", aliases: ["Email"] },
  { field: "phone", pt: "Telefone", en: "Phone", example: "(11) 3333-4444", aliases: ["Fone"] },
  { field: "seller", pt: "Vendedor", en: "Seller", example: "", aliases: ["E-mail do vendedor", "Seller e-mail"] },
  { field: "profile", pt: "Perfil", en: "Profile", example: "" },
  { field: "postal_code", pt: "CEP", en: "Postal code", example: "01310-100", aliases: ["Zip code"] },
  { field: "street", pt: "Endereço", en: "Street", example: "Av. Paulista", aliases: ["Logradouro", "Rua", "Address"] },
  { field: "number", pt: "Número", en: "Number", example: "1000" },
  { field: "neighborhood", pt: "Bairro", en: "Neighborhood", example: "Bela Vista", aliases: ["District"] },
  { field: "city", pt: "Cidade", en: "City", example: "São Paulo", aliases: ["Município"] },
  { field: "city_code", pt: "Código IBGE", en: "City code", example: "3550308", aliases: ["Código do município", "cMun"] },
  { field: "state", pt: "UF", en: "State", example: "SP", aliases: ["Estado"] },
  { field: "credit_limit", pt: "Limite de crédito", en: "Credit limit", example: "50.000,00", aliases: ["Limite"] },
] as const;

const ADDRESS_FIELDS = ["postal_code", "street", "number", "neighborhood", "city", "city_code", "state"] as const;

const FIELD_OF_PATH: Record<string, string> = {
  name: "name",
  trade_name: "trade_name",
  fiscal_registration_number: "document",
  state_registration: "ie",
  email: "email",
  phone: "phone",
  seller_id: "seller",
  profile_id: "profile",
};

/**
 * A CPF/CNPJ as typed: its digits, with the leading zeros a spreadsheet's number cell dropped
 * put back (a CPF if that checks, else a CNPJ). Text that is not a number is left for the schema.
 */
export function fiscalDigits(raw: string): string {
  const text = raw.trim();
  if (!/^[\d.\-/\s]+$/.test(text)) return text;
  const digits = digitsOnly(text);
  if (digits.length >= 14 || digits.length === 0) return digits;
  if (digits.length <= 11 && isValidFiscalNumber(digits.padStart(11, "0"), ["CPF"])) return digits.padStart(11, "0");
  return digits.length === 11 ? digits : digits.padStart(14, "0");
}

type PartnerFields = Record<string, unknown> & { fiscal_registration_number: string };

/** The write of a partner as stored: what a PUT that changes nothing sends. */
function writeOf(partner: Partner): Record<string, unknown> {
  return {
    name: partner.name,
    trade_name: partner.trade_name,
    fiscal_registration_number: partner.fiscal_registration_number,
    state_registration: partner.state_registration,
    email: partner.email,
    phone: partner.phone,
    mobile: partner.mobile,
    profile_id: partner.profile_id,
    seller_id: partner.seller_id,
    active: partner.active,
    addresses: partner.addresses,
    attributes: partner.attributes,
  };
}

/** The partner's write with the file's fields over it; the file's address over its default address. */
function overlay(current: Partner | null, fields: PartnerFields): Record<string, unknown> {
  const {
    address,
    credit_limit: _credit,
    ...own
  } = fields as PartnerFields & { address?: Partial<PartnerAddress>; credit_limit?: unknown };
  const base = current ? writeOf(current) : {};
  const addresses = [...((base.addresses as PartnerAddress[] | undefined) ?? [])];
  if (address && Object.keys(address).length > 0) {
    const index = addresses.findIndex((item) => item.is_default);
    if (index >= 0) addresses[index] = { ...addresses[index]!, ...address };
    else addresses.unshift({ is_default: true, ...address } as PartnerAddress);
  }
  return { ...base, ...own, addresses };
}

const comparableWrite = (write: Record<string, unknown>) =>
  JSON.stringify(write, (_key, value: unknown) => (value === undefined ? null : value));

async function currentPartners(db: Db, numbers: string[]): Promise<Map<string, Partner>> {
  const rows = await db.partner.findMany({ where: { fiscal_registration_number: { in: numbers } }, select: { id: true } });
  const found = new Map<string, Partner>();
  for (const row of rows) {
    const partner = (await partners.service.get(db, row.id)) as Partner;
    found.set(partner.fiscal_registration_number, partner);
  }
  return found;
}

export const partnersImport: ImportKindSpec = {
  kind: "PARTNERS",
  slug: "partners",
  roles: ["ADMIN", "MANAGER", "SELLER"],
  columns: COLUMNS,
  required: ["name", "document"],
  async recordsOf(db, keys) {
    const rows = await db.partner.findMany({
      where: { fiscal_registration_number: { in: [...keys] } },
      select: { id: true, fiscal_registration_number: true },
    });
    return new Map(rows.map((row) => [row.fiscal_registration_number, row.id]));
  },
  async checker(db, { role, header }) {
    const [sellers, profiles] = await Promise.all([
      db.seller
        .findMany({ select: { id: true, email: true } })
        .then((rows) => new NameIndex(rows.map((row) => ({ id: row.id, name: row.email })))),
      db.profile.findMany({ select: { id: true, name: true } }).then((rows) => new NameIndex(rows)),
    ]);
    const seen = new Map<string, number>();
    const columnOf = (path: string) => {
      const [first, , field] = path.split(".");
      if (first === "addresses" && field) return ADDRESS_FIELDS.includes(field as never) ? header(field) : null;
      const mapped = FIELD_OF_PATH[first ?? ""];
      return mapped ? header(mapped) : null;
    };
    return {
      async check(rows) {
        const numbers = rows.map((row) => fiscalDigits(row.cells.get("document") ?? ""));
        const known = await currentPartners(db, [...new Set(numbers.filter(Boolean))]);
        const checked: CheckedRow[] = [];
        for (const [index, row] of rows.entries()) {
          if (index % 10 === 9) await breathe();
          const errors: RowError[] = [];
          const text = (field: string) => row.cells.get(field)?.trim();
          const document = numbers[index] ?? "";
          const fields: PartnerFields = { fiscal_registration_number: document };
          for (const field of ["name", "trade_name", "email", "phone"] as const) {
            const value = text(field);
            if (value !== undefined) fields[field] = value === "" && field !== "name" ? null : value;
          }
          const ie = text("ie");
          if (ie !== undefined) fields.state_registration = comparable(ie) === "isento" ? "ISENTO" : ie === "" ? null : ie;
          for (const [field, target, index_, noun] of [
            ["seller", "seller_id", sellers, "seller (by e-mail)"],
            ["profile", "profile_id", profiles, "profile"],
          ] as const) {
            const name = text(field);
            if (name === undefined) continue;
            if (name === "") {
              fields[target] = null;
              continue;
            }
            const found = index_.find(name);
            if (typeof found === "string") errors.push(nameError(header(field), noun, name, found));
            else fields[target] = found.id;
          }
          const address: Partial<PartnerAddress> = {};
          for (const field of ADDRESS_FIELDS) {
            const value = text(field);
            if (value === undefined) continue;
            address[field] = value === "" ? null : field === "state" ? value.toUpperCase() : value;
          }
          if (Object.keys(address).length > 0) fields.address = address;
          const limit = text("credit_limit");
          if (limit !== undefined && limit !== "") {
            if (role === "SELLER") {
              errors.push({
                column: header("credit_limit"),
                code: "forbidden_field",
                message: "is set by a manager or administrator (the credit desk)",
              });
            } else {
              const value = cellValue(numberCell(limit), header("credit_limit"), errors);
              if (value !== undefined) fields.credit_limit = value;
            }
          }
          const first = document ? seen.get(document) : undefined;
          if (first) errors.push(repeatedKey(header("document"), first));
          else if (document) seen.set(document, row.line);
          const current = known.get(document) ?? null;
          const input = partnerWrite.safeParse(overlay(current, fields));
          if (!input.success) errors.push(...schemaErrors(input.error, columnOf));
          let action: CheckedRow["action"] = "INVALID";
          if (input.success) {
            if (!current) action = "CREATE";
            else {
              const same =
                comparableWrite(partnerWrite.parse(writeOf(current)) as Record<string, unknown>) ===
                  comparableWrite(input.data as Record<string, unknown>) &&
                (fields.credit_limit === undefined || fields.credit_limit === current.credit_limit);
              action = same ? "UNCHANGED" : "UPDATE";
            }
          }
          checked.push({
            line: row.line,
            action: errors.length > 0 ? "INVALID" : action,
            key: document || null,
            targetId: errors.length > 0 ? null : (current?.id ?? null),
            data: fields,
            errors,
          });
        }
        return checked;
      },
    };
  },
  async apply(db, chunks, { role }) {
    const rows = await allRows(chunks);
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const known = await currentPartners(
      db,
      rows.map((row) => row.key ?? ""),
    );
    for (const row of rows) {
      const fields = row.data as PartnerFields & { credit_limit?: number };
      const current = known.get(row.key ?? "") ?? null;
      const input = partnerWrite.parse(overlay(current, fields));
      let id = current?.id;
      let changed = false;
      if (!current) {
        id = ((await partners.service.create(db, input)) as Partner).id;
        counts.created++;
        changed = true;
      } else if (
        comparableWrite(partnerWrite.parse(writeOf(current)) as Record<string, unknown>) !==
        comparableWrite(input as Record<string, unknown>)
      ) {
        await partners.service.update(db, current.id, input);
        changed = true;
      }
      if (fields.credit_limit !== undefined && role !== "SELLER" && id && fields.credit_limit !== current?.credit_limit) {
        const credit = await partnerCredit(db, id);
        await setPartnerCredit(db, { id, credit_limit: fields.credit_limit, credit_blocked: credit.blocked });
        changed = true;
      }
      if (current) {
        if (changed) counts.updated++;
        else counts.unchanged++;
      }
    }
    return counts;
  },
};
