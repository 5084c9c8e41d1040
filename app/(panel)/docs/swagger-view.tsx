"use client";

import { useEffect, useRef } from "react";
import "swagger-ui-react/swagger-ui.css";
import "./swagger-theme.css";

interface SwaggerUIOptions {
  domNode: HTMLElement;
  url: string;
  docExpansion?: "list" | "full" | "none";
  defaultModelsExpandDepth?: number;
  deepLinking?: boolean;
  persistAuthorization?: boolean;
}

/**
 * swagger-ui's self-contained bundle, shipped inside swagger-ui-react, mounted on a div.
 * Not the package's React component: Turbopack drops the side-effect modules that
 * register ApiDOM's OpenAPI 3.1 refractors (vercel/next.js#86507, swagger-ui#10599), so
 * that build leaves every operation loading forever. The prebuilt bundle has them baked
 * in (and its own React, which renders only inside this div). The package's `exports`
 * hide the file, hence the path.
 */
async function loadSwaggerUI(): Promise<(options: SwaggerUIOptions) => unknown> {
  // @ts-expect-error -- a prebuilt CommonJS bundle without type declarations
  const bundle = await import("../../../node_modules/swagger-ui-react/swagger-ui-es-bundle.js");
  return (bundle.default ?? bundle) as (options: SwaggerUIOptions) => unknown;
}

export default function SwaggerView({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    const node = container.current;
    void loadSwaggerUI().then((SwaggerUI) => {
      if (cancelled || !node) return;
      SwaggerUI({ domNode: node, url, docExpansion: "list", defaultModelsExpandDepth: 0, deepLinking: true, persistAuthorization: true });
    });
    return () => {
      cancelled = true;
    };
  }, [url]);
  return <div ref={container} />;
}
