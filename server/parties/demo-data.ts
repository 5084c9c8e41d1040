import type { Db } from "../db/scoped";
import { completeCnpj, completeCpf } from "../lib/fiscal-number";
import { companies } from "./companies/service";
import { setPartnerCredit } from "./partners/credit";
import { partners } from "./partners/service";
import { sellers } from "./sellers/service";

/** The IBGE codes of the demo's cities (the NF-e's cMun). */
const CITY_CODES: Record<string, string> = {
  "São Paulo": "3550308",
  Campinas: "3509502",
  "São José dos Campos": "3549904",
  "Rio de Janeiro": "3304557",
  "Belo Horizonte": "3106200",
  Curitiba: "4106902",
  Florianópolis: "4205407",
  "Porto Alegre": "4314902",
  Goiânia: "5208707",
  Recife: "2611606",
};

type Address = { street: string; number: string; neighborhood: string; city: string; state: string; postal_code: string };

const demoPartners: Array<{ name: string; trade_name?: string; base: string; phone: string; address: Address; delivery?: Address }> = [
  {
    name: "Ferragens Santa Cecília Ltda",
    trade_name: "Ferragens Santa Cecília",
    base: "128374650001",
    phone: "(11) 3221-4587",
    address: {
      street: "Rua das Palmeiras",
      number: "412",
      neighborhood: "Santa Cecília",
      city: "São Paulo",
      state: "SP",
      postal_code: "01226-010",
    },
    delivery: {
      street: "Rua Barra Funda",
      number: "88",
      neighborhood: "Barra Funda",
      city: "São Paulo",
      state: "SP",
      postal_code: "01152-000",
    },
  },
  {
    name: "Casa do Construtor Mineiro Ltda",
    trade_name: "Construtor Mineiro",
    base: "230948170001",
    phone: "(31) 3274-1190",
    address: {
      street: "Av. Amazonas",
      number: "2150",
      neighborhood: "Prado",
      city: "Belo Horizonte",
      state: "MG",
      postal_code: "30411-192",
    },
  },
  {
    name: "Madeireira e Materiais Araucária Eireli",
    trade_name: "Araucária Materiais",
    base: "347561290001",
    phone: "(41) 3342-7801",
    address: {
      street: "Rua Marechal Floriano Peixoto",
      number: "3300",
      neighborhood: "Rebouças",
      city: "Curitiba",
      state: "PR",
      postal_code: "80220-000",
    },
  },
  {
    name: "Comercial Elétrica Guanabara S.A.",
    trade_name: "Elétrica Guanabara",
    base: "419283560001",
    phone: "(21) 2518-6644",
    address: {
      street: "Rua Buenos Aires",
      number: "120",
      neighborhood: "Centro",
      city: "Rio de Janeiro",
      state: "RJ",
      postal_code: "20070-022",
    },
  },
  {
    name: "Agropecuária Vale do Paraíba Ltda",
    trade_name: "Agro Vale",
    base: "502817340001",
    phone: "(12) 3921-0455",
    address: {
      street: "Av. Dr. Nelson D'Ávila",
      number: "1800",
      neighborhood: "Centro",
      city: "São José dos Campos",
      state: "SP",
      postal_code: "12245-031",
    },
  },
  {
    name: "Ferramentas Gaúchas Comércio Ltda",
    trade_name: "Ferramentas Gaúchas",
    base: "614470820001",
    phone: "(51) 3224-9012",
    address: {
      street: "Av. Farrapos",
      number: "950",
      neighborhood: "Floresta",
      city: "Porto Alegre",
      state: "RS",
      postal_code: "90220-005",
    },
  },
  {
    name: "Nordeste Hidráulica e Parafusos Ltda",
    trade_name: "Nordeste Parafusos",
    base: "738205610001",
    phone: "(81) 3423-5578",
    address: {
      street: "Av. Cruz Cabugá",
      number: "640",
      neighborhood: "Santo Amaro",
      city: "Recife",
      state: "PE",
      postal_code: "50040-000",
    },
  },
  {
    name: "Depósito Goiano de Construção Ltda",
    trade_name: "Depósito Goiano",
    base: "846129370001",
    phone: "(62) 3212-3344",
    address: {
      street: "Av. Anhanguera",
      number: "5110",
      neighborhood: "Setor Central",
      city: "Goiânia",
      state: "GO",
      postal_code: "74043-011",
    },
  },
  {
    name: "José Aparecido dos Santos",
    base: "387152946",
    phone: "(19) 99812-4470",
    address: {
      street: "Rua Barão de Jaguara",
      number: "77",
      neighborhood: "Centro",
      city: "Campinas",
      state: "SP",
      postal_code: "13015-000",
    },
  },
  {
    name: "Luciana Ferreira Prado",
    base: "204617385",
    phone: "(48) 99633-1208",
    address: {
      street: "Rua Felipe Schmidt",
      number: "215",
      neighborhood: "Centro",
      city: "Florianópolis",
      state: "SC",
      postal_code: "88010-001",
    },
  },
];

/** Demo companies, sellers and partners (B2B customers) of a fresh org; check digits computed, never typed. */
export async function seedPartiesDemo(db: Db): Promise<void> {
  const matriz = await companies.service.create(db, {
    name: "Distribuidora Paulista de Ferramentas Ltda",
    fiscal_registration_number: completeCnpj("453210870001"),
    active: true,
    attributes: {},
  });
  const filial = await companies.service.create(db, {
    name: "Distribuidora Paulista de Ferramentas Ltda — Filial Campinas",
    fiscal_registration_number: completeCnpj("453210870002"),
    active: true,
    attributes: {},
  });
  const team = [];
  for (const [name, email, company_id, commission_rate, max_discount_percent] of [
    ["Carlos Mendes", "carlos.mendes@distribuidora.example", matriz.id, 3, 10],
    ["Fernanda Lima", "fernanda.lima@distribuidora.example", matriz.id, 2.5, 5],
    ["Rafael Souza", "rafael.souza@distribuidora.example", filial.id, 4, 8],
  ] as const) {
    team.push(
      await sellers.service.create(db, {
        name,
        email,
        phone: null,
        fiscal_registration_number: null,
        company_id,
        user_id: null,
        commission_rate,
        max_discount_percent,
        active: true,
        attributes: {},
      }),
    );
  }
  const profileIds = (await db.profile.findMany({ select: { id: true }, orderBy: { name: "asc" } })).map((profile) => profile.id);
  for (const [index, partner] of demoPartners.entries()) {
    const cityCode = (address: Address) => CITY_CODES[address.city] ?? null;
    const addresses = [
      {
        ...partner.address,
        city_code: cityCode(partner.address),
        name: "Principal",
        type: "BILLING",
        complement: null,
        country: "BR",
        is_default: true,
      },
      ...(partner.delivery
        ? [
            {
              ...partner.delivery,
              city_code: cityCode(partner.delivery),
              name: "Entrega",
              type: "DELIVERY",
              complement: null,
              country: "BR",
              is_default: false,
            },
          ]
        : []),
    ];
    await partners.service.create(db, {
      name: partner.name,
      trade_name: partner.trade_name ?? null,
      // Every demo partner is a company registered with São Paulo (12 digits, as SP writes them).
      state_registration: [110 + index, 100 + index * 7, 200 + index * 11, 114 + index]
        .map((part) => String(part % 1000).padStart(3, "0"))
        .join("."),
      fiscal_registration_number: partner.base.length === 9 ? completeCpf(partner.base) : completeCnpj(partner.base),
      email: partner.trade_name
        ? `compras@${partner.trade_name
            .normalize("NFD")
            .replace(/[^a-zA-Z]/g, "")
            .toLowerCase()}.example`
        : null,
      phone: partner.phone,
      mobile: null,
      profile_id: profileIds.length > 0 ? profileIds[index % profileIds.length]! : null,
      seller_id: team[index % team.length]!.id,
      active: index !== demoPartners.length - 1,
      addresses,
      attributes: {},
    });
  }
}

/**
 * The credit desk's limits of the first customers (the fourth one blocked), audited as any
 * decision: set today, after the sales history, so their next orders are decided on them.
 */
export async function seedCreditDemo(db: Db): Promise<void> {
  const first = await db.partner.findMany({
    where: { name: { in: demoPartners.slice(0, DEMO_CREDIT.length).map((partner) => partner.name) } },
    select: { id: true, name: true },
  });
  for (const [index, partner] of demoPartners.slice(0, DEMO_CREDIT.length).entries()) {
    const id = first.find((row) => row.name === partner.name)?.id;
    const credit = DEMO_CREDIT[index];
    if (id && credit) await setPartnerCredit(db, { id, ...credit });
  }
}

/** Credit limits (R$) of the first demo partners: their pages show the exposure against them. */
const DEMO_CREDIT: ReadonlyArray<{ credit_limit: number; credit_blocked: boolean }> = [
  { credit_limit: 150_000, credit_blocked: false },
  { credit_limit: 60_000, credit_blocked: false },
  { credit_limit: 25_000, credit_blocked: false },
  { credit_limit: 10_000, credit_blocked: true },
];
