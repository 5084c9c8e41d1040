import type { Db } from "../db/scoped";
import { alternativeUnits } from "./alternative-units/service";
import { categories } from "./categories/service";
import { measureUnits } from "./measure-units/service";
import { productWrite } from "./products/schemas";
import { createProduct } from "./products/service";
import { profiles } from "./profiles/service";
import { variations } from "./variations/service";
import { warehouses } from "./warehouses/service";

const units = [
  { abbreviation: "UN", description: "Unidade", decimals_for_quantity: 0 },
  { abbreviation: "CX", description: "Caixa", decimals_for_quantity: 0 },
  { abbreviation: "KG", description: "Quilograma", decimals_for_quantity: 3 },
  { abbreviation: "M", description: "Metro", decimals_for_quantity: 2 },
];

const address = { address_type: "COMMERCIAL", complement: "", country: "BR", active: true, attributes: {} };
const demoWarehouses = [
  {
    ...address,
    name: "CD Guarulhos",
    street: "Rodovia Presidente Dutra",
    number: "km 225",
    neighborhood: "Cumbica",
    city: "Guarulhos",
    state: "SP",
    postal_code: "07034-000",
  },
  {
    ...address,
    name: "CD Contagem",
    street: "Avenida das Indústrias",
    number: "1500",
    complement: "Galpão 3",
    neighborhood: "Cinco",
    city: "Contagem",
    state: "MG",
    postal_code: "32010-000",
  },
];

/** [name, children] */
const tree: Array<[string, string[]]> = [
  ["Ferramentas", ["Ferramentas Elétricas", "Ferramentas Manuais"]],
  ["Fixação", ["Parafusos", "Buchas"]],
  ["Hidráulica", []],
];

/** [name, sku, alternative units: [abbreviation, quantity, value multiplier]] */
const demoProducts: Array<[string, string, Array<[string, number, number]>]> = [
  ['Parafuso Sextavado 1/4 x 2"', "PAR-SEX-14-2", [["CX", 100, 95]]],
  ["Bucha de Nylon 8mm", "BUC-NYL-8", [["CX", 500, 450]]],
  ["Fio Flexível 2,5mm", "FIO-FLEX-25", [["M", 100, 90]]],
  ["Furadeira de Impacto 650W", "FUR-IMP-650", []],
];

/** Catalog lookups of a fresh demo org: units, profiles, warehouses, variations, categories, products. */
export async function seedCatalogDemo(db: Db): Promise<void> {
  const unitIds = new Map<string, string>();
  for (const unit of units) {
    unitIds.set(unit.abbreviation, (await measureUnits.service.create(db, { ...unit, active: true })).id);
  }
  for (const name of ["Varejo", "Atacado", "Distribuidor"]) {
    await profiles.service.create(db, { name, active: true, attributes: {} });
  }
  for (const warehouse of demoWarehouses) await warehouses.service.create(db, warehouse);
  await variations.service.create(db, {
    name: "Cor",
    active: true,
    values: ["Preto", "Amarelo", "Azul"],
    is_searchable: true,
    display_type: "COLOR",
    variant_options: [
      { name: "Preto", display_value: "#111111" },
      { name: "Amarelo", display_value: "#f2c200" },
      { name: "Azul", display_value: "#1f4fbf" },
    ],
    attributes: {},
  });
  await variations.service.create(db, {
    name: "Voltagem",
    active: true,
    values: ["127V", "220V", "Bivolt"],
    is_searchable: true,
    display_type: "TEXT",
    variant_options: [],
    attributes: {},
  });
  const empty = { seo_meta_keywords: [], is_solution_specific: false, solutions: [], specifications: [], attributes: {} };
  for (const [name, children] of tree) {
    const parent = await categories.service.create(db, { ...empty, root_id: null, name, active: true });
    for (const child of children) await categories.service.create(db, { ...empty, root_id: parent.id, name: child, active: true });
  }
  for (const [name, sku, alternatives] of demoProducts) {
    const product = await createProduct(db, productWrite.parse({ name, sku }));
    for (const [abbreviation, quantity, value_multiplier] of alternatives) {
      await alternativeUnits.service.create(db, {
        product_id: product.id,
        unit_id: unitIds.get(abbreviation)!,
        decimals_for_quantity: 0,
        quantity,
        value_multiplier,
        attributes: {},
      });
    }
  }
}
