/**
 * A method + path-template router: `/products/{product_id}/variations/{id}`. Static
 * segments win over parameters at every level (so `/stock/override` is never read as
 * `/stock/{id}`, whatever order the routes were added in). Parameters are positional:
 * `/products/{id}` and `/products/{product_id}/variations` share the position and each
 * route names its own values. Segments are matched as sent (percent-encoded); parameter
 * values are decoded after the match, and one that does not decode (`%ZZ`, invalid
 * UTF-8) names nothing: the match fails.
 */
interface Node<Route> {
  statics: Map<string, Node<Route>>;
  param?: Node<Route>;
  /** Per method: the route and the names of its parameters, in path order. */
  routes: Map<string, { route: Route; names: string[] }>;
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

/** Percent-encoded text decoded, or undefined when it does not decode (`%ZZ`, invalid UTF-8). */
export function decodePercentEncoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export class RouteTable<Route> {
  private readonly root: Node<Route> = newNode();

  add(method: string, template: string, route: Route): void {
    let node = this.root;
    const names: string[] = [];
    for (const segment of segmentsOf(template)) {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (param) {
        names.push(param);
        node.param ??= newNode();
        node = node.param;
      } else {
        let next = node.statics.get(segment);
        if (!next) node.statics.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.routes.has(method)) throw new Error(`${method} ${template} is defined twice`);
    node.routes.set(method, { route, names });
  }

  lookup(method: string, path: string): Lookup<Route> {
    const values: string[] = [];
    const node = this.walk(this.root, segmentsOf(path), 0, values);
    if (!node) return { kind: "not-found" };
    const found = node.routes.get(method);
    if (!found) return { kind: "method-not-allowed", allow: [...node.routes.keys()] };
    const params: Record<string, string> = {};
    found.names.forEach((name, index) => (params[name] = values[index]!));
    return { kind: "found", match: { route: found.route, params } };
  }

  /** Depth-first, static before parameter, backtracking when a branch leads nowhere. */
  private walk(node: Node<Route>, segments: string[], index: number, values: string[]): Node<Route> | undefined {
    if (index === segments.length) return node.routes.size > 0 ? node : undefined;
    const segment = segments[index]!;
    const staticChild = node.statics.get(segment);
    if (staticChild) {
      const found = this.walk(staticChild, segments, index + 1, values);
      if (found) return found;
    }
    if (node.param) {
      const value = decodePercentEncoded(segment);
      if (value === undefined) return undefined;
      values.push(value);
      const found = this.walk(node.param, segments, index + 1, values);
      if (found) return found;
      values.pop();
    }
    return undefined;
  }
}
