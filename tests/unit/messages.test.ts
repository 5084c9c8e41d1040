import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import pt from "@/messages/pt-BR.json";

/** Every key path of a message tree ("brands.fields.name"). */
function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("messages", () => {
  it("hold the same keys in Portuguese and English", () => {
    expect(keys(pt).sort()).toEqual(keys(en).sort());
  });

  it("leave no message empty", () => {
    for (const [name, tree] of Object.entries({ pt, en })) {
      const empty = keys(tree).filter(
        (path) => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) === "",
      );
      expect(empty, name).toEqual([]);
    }
  });
});
