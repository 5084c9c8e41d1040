// The floors of issuing an NF-e (scripts/bench/nfe.mjs): signing and schema-validating one
// document, measured alone; prints one JSON line.
import { makeTestPfx, readPfx } from "../../server/fiscal/certificates/pfx";
import { nfeXml, type NfeDocument } from "../../server/fiscal/nfe/document";
import { accessKey } from "../../server/fiscal/nfe/from-order";
import { signXml } from "../../server/fiscal/nfe/sign";
import { validateAgainstSchema } from "../../server/fiscal/nfe/validate";

const a1 = readPfx(makeTestPfx({ cnpj: "11222333000181", name: "FLOOR", password: "x" }), "x");
const address = {
  street: "Rua A",
  number: "1",
  complement: null,
  neighborhood: "Centro",
  city_code: "3550308",
  city: "São Paulo",
  uf: "SP",
  postal_code: "01001000",
  phone: null,
};
const taxes = {
  cfop: "5102",
  freight_value: 0,
  insurance_value: 0,
  other_value: 0,
  discount_value: 0,
  icms: { cst: "00", base: 20, rate: 18, value: 3.6 },
};
const document: NfeDocument = {
  key: accessKey({ uf: "SP", issuedAt: "2026-11-28T10:00:00-03:00", cnpj: "11222333000181", series: 1, number: 1, cnf: "12345678" }),
  environment: 2,
  issued_at: "2026-11-28T10:00:00-03:00",
  series: 1,
  number: 1,
  cnf: "12345678",
  operation: "Venda de mercadoria",
  destination: 1,
  final_consumer: false,
  issuer: { cnpj: "11222333000181", name: "Floor", trade_name: null, address, ie: "110042490114", crt: 3 },
  recipient: { document: "11444777000161", name: "Cliente", address, ie_indicator: 1, ie: "12345678", email: null },
  items: [0, 1, 2].map((index) => ({
    code: `P${index}`,
    gtin: null,
    description: "Produto",
    ncm: "84672100",
    cest: null,
    origin: 0,
    unit: "UN",
    quantity: "2.0000",
    unit_value: "10.00",
    value: "20.00",
    taxes,
  })),
  freight_mode: 9,
  payments: [{ type: "15", term: 0, value: "60.00" }],
  additional_info: "",
  order_number: 1,
  ibs_cbs: false,
};
const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! * 10) / 10;
const unsigned = nfeXml(document);
const signTimes: number[] = [];
let signed = "";
for (let index = 0; index < 20; index++) {
  const begin = performance.now();
  signed = signXml(unsigned, "infNFe", a1);
  signTimes.push(performance.now() - begin);
}
const validateTimes: number[] = [];
for (let index = 0; index < 20; index++) {
  const begin = performance.now();
  const errors = await validateAgainstSchema(signed, "nfe");
  validateTimes.push(performance.now() - begin);
  if (errors.length > 0) throw new Error(errors[0]!.message);
}
console.log(JSON.stringify({ sign: { p50: median(signTimes) }, validate: { p50: median(validateTimes) } }));
