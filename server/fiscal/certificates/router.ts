import { z } from "zod";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { certificatePath, certificateUpload, companyCertificate } from "./schemas";
import { getCertificate, removeCertificate, setCertificate } from "./service";

const tags = ["Companies"];
const refusals =
  "422 naming `pfx` when the file is not a PKCS#12, holds no key, is another CNPJ's (`other_holder`, params `holder_cnpj`, " +
  "`company_cnpj`), has expired (`expired`) or is not valid yet; naming `password` when the password does not open it. Both the " +
  "modern (AES) and the legacy (RC2/3DES) encryptions are read.";

export const certificatesRouter = router({
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/companies/{id}/certificate",
        tags,
        summary: "Get a company's A1 certificate",
        description:
          "Contract §13: the holder, serial and validity of the company's A1 certificate; `expiring` when it expires within 30 days " +
          "(or has). Never the key. 404 when the company has none.",
        protect: true,
      },
    })
    .input(certificatePath)
    .output(companyCertificate)
    .query(({ ctx, input }) => getCertificate(ctx.db, input.id)),
  set: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/companies/{id}/certificate",
        tags,
        summary: "Set a company's A1 certificate",
        description:
          "Contract §13, MANAGER or ADMIN: the `.pfx` in base64 and its password. Kept with its key sealed (AES-256-GCM with " +
          `APP_ENCRYPTION_KEY); the file and the password are never answered, logged or audited. Replaces the one before. ${refusals}`,
        protect: true,
      },
    })
    .input(certificateUpload.extend(certificatePath.shape))
    .output(companyCertificate)
    .mutation(({ ctx, input: { id, ...body } }) => setCertificate(ctx.db, id, body)),
  remove: manageProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/companies/{id}/certificate",
        tags,
        summary: "Remove a company's A1 certificate",
        description: "Contract §13, MANAGER or ADMIN. The NF-e already signed keep their signatures. 404 when there is none.",
        protect: true,
      },
      successStatus: 204,
    })
    .input(certificatePath)
    .output(z.void())
    .mutation(({ ctx, input }) => removeCertificate(ctx.db, input.id)),
});
