import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/panel/page-header";
import { pageMetadata } from "@/lib/page-metadata";
import { ApiReference } from "./api-reference";

export const generateMetadata = () => pageMetadata("docs.pageTitle");

export default async function ApiDocsPage() {
  const t = await getTranslations("docs");
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t.rich("description", { code: (chunks) => <code className="font-mono">{chunks}</code> })}
      />
      <ApiReference url="/api/b2b/openapi.json" />
    </>
  );
}
