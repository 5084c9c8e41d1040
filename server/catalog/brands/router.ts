import { idOf } from "../../crud/crud";
import { router } from "../../http/trpc";
import { brandUpdated, type BrandWriteOutput } from "./schemas";
import { brands } from "./service";

const { builders, procedures, service } = brands;

export const brandsRouter = router({
  ...procedures,
  // interface.md: the update response names the images `image`.
  update: builders.update.output(brandUpdated).mutation(async ({ ctx, input }) => {
    const { images, ...rest } = await service.update(ctx.db, idOf(input), input as BrandWriteOutput);
    return { ...rest, image: images };
  }),
});
