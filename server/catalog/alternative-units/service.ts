import type { Db } from "../../db/scoped";
import type { AlternativeUnit as AlternativeUnitRow, MeasureUnit } from "../../generated/prisma/client";
import { defineCrud, type CrudDelegate } from "../../crud/crud";
import { isUuid } from "../../lib/ids";
import { paginate, type PagingInput } from "../../lib/paging";
import { searchWhere } from "../../lib/search";
import { toApi } from "../../lib/serialize";
import { alternativeUnit, alternativeUnitFilters, alternativeUnitListRecord, alternativeUnitWrite } from "./schemas";

type Row = AlternativeUnitRow & { unit: MeasureUnit };
/** The delegate as queried here: always with `include` (so rows carry their unit). */
const withUnit = (db: Db) => db.alternativeUnit as unknown as CrudDelegate<Row>;

const toAlternativeUnit = (row: Row) => {
  const { unit, ...rest } = row;
  return { ...toApi(rest), unit_name: unit.description, unit_abbreviation: unit.abbreviation } as never;
};

const sortable = {
  id: (dir: "asc" | "desc") => ({ id: dir }),
  product_id: (dir: "asc" | "desc") => ({ product_id: dir }),
  unit_id: (dir: "asc" | "desc") => ({ unit_id: dir }),
  decimals_for_quantity: (dir: "asc" | "desc") => ({ decimals_for_quantity: dir }),
  value_multiplier: (dir: "asc" | "desc") => ({ value_multiplier: dir }),
  quantity: (dir: "asc" | "desc") => ({ quantity: dir }),
  unit_name: (dir: "asc" | "desc") => ({ unit: { description: dir } }),
  unit_abbreviation: (dir: "asc" | "desc") => ({ unit: { abbreviation: dir } }),
};

const include = { unit: true };

const byProduct = ({ product_id }: { product_id?: string }) =>
  product_id === undefined ? {} : { product_id: isUuid(product_id) ? product_id : { in: [] } };

const crud = defineCrud({
  noun: "Alternative unit",
  entity: "alternative_unit",
  path: "/products/alternative-units",
  tag: "Alternative units",
  model: withUnit,
  write: alternativeUnitWrite,
  detail: alternativeUnit,
  listRecord: alternativeUnitListRecord,
  filters: {
    schema: alternativeUnitFilters,
    where: byProduct,
  },
  sortable,
  defaultSort: "unit_abbreviation",
  include,
  toDetail: toAlternativeUnit,
  toListRecord: toAlternativeUnit,
  references: [
    { field: "product_id", noun: "product", model: (db) => db.product },
    { field: "unit_id", noun: "measure unit", model: (db) => db.measureUnit },
  ],
});

export const alternativeUnits = {
  ...crud,
  service: {
    ...crud.service,
    /**
     * `search` matches the product (name, SKU) and the unit (abbreviation, description)
     * through their own normalized search text, so a renamed product is found at once.
     */
    async list(db: Db, input: PagingInput & { product_id?: string }) {
      const search = searchWhere(input.search);
      const where = { ...byProduct(input), ...(search.search_text ? { OR: [{ product: search }, { unit: search }] } : {}) };
      return paginate(withUnit(db), input, { where, sortable, defaultSort: "unit_abbreviation", include, toItem: toAlternativeUnit });
    },
  },
};
