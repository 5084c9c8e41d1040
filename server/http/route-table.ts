/**
 * A method + path-template router: `/products/{product_id}/variations/{id}`. Static
 * segments win over parameters at every level (so `/stock/override` is never read as
 * `/stock/{id}`, whatever order the routes were added in). Segments are matched as sent
 * (percent-encoded); parameter values are decoded after the match, and one that does
 * not decode (`%ZZ`, invalid UTF-8) names nothing: the match fails.
 */
interface Node<Route> {
  statics: Map<string, Node<Route>>;
  param?: { name: string; node: Node<Route> };
  routes: Map<string, Route>;
}

export interface Match<Route> {
  route: Route;
  params: Record<string, string>;
}

export type Lookup<Route> =
  | { kind: "found"; match: Match<Route> }
  /** The path exists with other methods. */
  | { kind: "method-not-allowed"; allow: string[] }
  | { kind: "not-found" };

const newNode = <Route>(): Node<Route> => ({ statics: new Map(), routes: new Map() });

const segmentsOf = (path: string) => path.split("/").filter((segment) => segment !== "");

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export class RouteTable<Route> {
  private readonly root: Node<Route> = newNode();

  add(method: string, template: string, route: Route): void {
    let node = this.root;
    for (const segment of segmentsOf(template)) {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (param) {
        if (node.param && node.param.name !== param) {
          throw new Error(`${template}: parameter {${param}} conflicts with {${node.param.name}} at the same position`);
        }
        node.param ??= { name: param, node: newNode() };
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(method)) throw new Error(`${method} ${template} is defined twice`);
    node.routes.set(method, route);
  }

  lookup(method: string, path: string): Lookup<Route> {
    const segments = segmentsOf(path);
    const params: Record<string, string> = {};
    const node = this.walk(this.root, segments, 0, params);
    if (!node) return { kind: "not-found" };
    const route = node.routes.get(method);
    if (route) return { kind: "found", match: { route, params } };
    return { kind: "method-not-allowed", allow: [...node.routes.keys()] };
  }

  /** Depth-first, static before parameter, backtracking when a branch leads nowhere. */
  private walk(node: Node<Route>, segments: string[], index: number, params: Record<string, string>): Node<Route> | undefined {
    if (index === segments.length) return node.routes.size > 0 ? node : undefined;
    const segment = segments[index]!;
    const staticChild = node.statics.get(segment);
    if (staticChild) {
      const found = this.walk(staticChild, segments, index + 1, params);
      if (found) return found;
    }
    if (node.param) {
      const value = decodeSegment(segment);
      if (value === undefined) return undefined;
      params[node.param.name] = value;
      const found = this.walk(node.param.node, segments, index + 1, params);
      if (found) return found;
      delete params[node.param.name];
    }
    return undefined;
  }
}
