import { idInput } from "../../crud/crud";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { partnerCredit as partnerCreditRecord, partnerCreditWrite } from "./schemas";
import { partnerCredit, setPartnerCredit } from "./credit";
import { partners } from "./service";

const tags = ["Partners"];

/** Partners are written by sellers too (contract §2): the CRUD's writes use sellProcedure; their credit, the credit desk's. */
export const partnersRouter = router({
  ...partners.procedures,
  credit: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/partners/{id}/credit",
        tags,
        summary: "Get a partner's credit",
        description:
          "Beyond the interface (contract §11, amended): `credit_limit` (null: no limit), `exposure` (the open balance of its " +
          "receivables, closed ones — a final FINANCIAL status: canceled, reversed, paid — left out, plus the part of each of its " +
          "orders, quotations and canceled ones left out, that its receivables do not cover: an OPEN or CONFIRMED order without " +
          "receivables counts whole, an invoiced one paid by less than its total counts the rest), `available` (limit less exposure; " +
          "null without a limit), `overdue_value`, `oldest_overdue_days` (null when nothing is overdue) and `blocked`.",
        protect: true,
      },
      errors: [404],
    })
    .input(idInput)
    .output(partnerCreditRecord)
    .query(({ ctx, input }) => partnerCredit(ctx.db, input.id)),
  setCredit: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/partners/{id}/credit",
        tags,
        summary: "Set a partner's credit limit and block",
        description:
          "Beyond the interface (contract §11), MANAGER and ADMIN: `credit_limit` (R$, at most 2 decimals; null removes the limit) " +
          "and `credit_blocked`. Recorded in the partner's audit log. Answers the credit as GET does.",
        protect: true,
      },
      errors: [404],
    })
    .input(partnerCreditWrite)
    .output(partnerCreditRecord)
    .mutation(({ ctx, input }) => setPartnerCredit(ctx.db, input)),
});
