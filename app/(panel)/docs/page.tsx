import type { Metadata } from "next";
import { PageHeader } from "@/components/panel/page-header";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API docs · B2B Sales" };

export default function ApiDocsPage() {
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            The REST interface at <code className="font-mono">/api/b2b</code>. “Try it out” runs as you, signed in to this panel;
            other clients send a bearer token from <code className="font-mono">POST /api/b2b/auth/login</code> or an access key.
          </>
        }
      />
      <ApiReference url="/api/b2b/openapi.json" />
    </>
  );
}
