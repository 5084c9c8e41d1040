import { z } from "zod";
import { idInput, idOf } from "../../crud/crud";
import { manageProcedure, router } from "../../http/trpc";
import { measureUnit, type MeasureUnitWriteOutput } from "./schemas";
import { measureUnits } from "./service";

const { builders, procedures, service } = measureUnits;

const toggle = (action: "enable" | "disable") =>
  manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: `/measure-units/{id}/${action}`,
        tags: ["Measure units"],
        summary: `${action === "enable" ? "Enable" : "Disable"} a measure unit`,
        protect: true,
      },
      successStatus: 200,
    })
    .input(idInput)
    .output(measureUnit)
    .mutation(({ ctx, input }) => service.setActive(ctx.db, input.id, action === "enable") as Promise<z.input<typeof measureUnit>>);

export const measureUnitsRouter = router({
  ...procedures,
  update: builders.update
    .output(measureUnit)
    .mutation(
      ({ ctx, input }) => service.update(ctx.db, idOf(input), input as MeasureUnitWriteOutput) as Promise<z.input<typeof measureUnit>>,
    ),
  enable: toggle("enable"),
  disable: toggle("disable"),
});
