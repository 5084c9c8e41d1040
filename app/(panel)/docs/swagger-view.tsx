"use client";

import { useEffect, useRef } from "react";
import "swagger-ui-react/swagger-ui.css";
import "./swagger-theme.css";

/** The parts of swagger-ui's plugin system used here: its own React, and an operation's props (an Immutable map). */
interface SwaggerSystem {
  React: { createElement: (type: unknown, props: object) => unknown };
}
interface SummaryPathProps {
  operationProps: { set: (key: string, value: unknown) => unknown };
}
type Wrapper<Props> = (Original: unknown, system: SwaggerSystem) => (props: Props) => unknown;

interface SwaggerUIOptions {
  domNode: HTMLElement;
  url: string;
  docExpansion?: "list" | "full" | "none";
  defaultModelsExpandDepth?: number;
  deepLinking?: boolean;
  persistAuthorization?: boolean;
  plugins?: Array<() => { wrapComponents: Record<string, Wrapper<SummaryPathProps>> }>;
  onComplete?: () => void;
}

/**
 * An operation's summary is a button; swagger-ui puts its deep link (an `<a href>`) inside
 * it, a control in a control. Without the href the path is plain text there; the tags keep
 * their links and an address with `#/Tag/operation` still opens the operation.
 */
const plainSummaryPath = () => ({
  wrapComponents: {
    OperationSummaryPath: ((Original, system) => (props) =>
      system.React.createElement(Original, {
        ...props,
        operationProps: props.operationProps.set("isDeepLinkingEnabled", false),
      })) satisfies Wrapper<SummaryPathProps>,
  },
});

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

/** The words swagger-ui leaves out: its server list's label, and the name of its operations' region. */
export interface SwaggerLabels {
  servers: string;
  operations: string;
}

export default function SwaggerView({ url, labels }: { url: string; labels: SwaggerLabels }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    const node = container.current;
    // swagger-ui draws (and redraws) its parts when it likes, after `onComplete` too: the words
    // it leaves out are put back whenever its tree changes.
    const name = () => {
      if (!node) return;
      // Its server list sits in a label with no words: name it.
      const servers = node.querySelector("select#servers");
      if (servers && servers.getAttribute("aria-label") !== labels.servers) servers.setAttribute("aria-label", labels.servers);
      // Its operations are a <main>, inside the panel's own: a page has one main landmark, so
      // they become a named region of it.
      const operations = node.querySelector("main#operations");
      if (operations && operations.getAttribute("role") !== "region") {
        operations.setAttribute("role", "region");
        operations.setAttribute("aria-label", labels.operations);
      }
    };
    const observer = new MutationObserver(name);
    if (node) observer.observe(node, { childList: true, subtree: true });
    void loadSwaggerUI().then((SwaggerUI) => {
      if (cancelled || !node) return;
      SwaggerUI({
        domNode: node,
        url,
        docExpansion: "list",
        defaultModelsExpandDepth: 0,
        deepLinking: true,
        persistAuthorization: true,
        plugins: [plainSummaryPath],
        onComplete: name,
      });
    });
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [url, labels.servers, labels.operations]);
  return <div ref={container} />;
}
