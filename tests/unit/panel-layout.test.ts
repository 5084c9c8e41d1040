import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The panel's pages have one shape (README, "The panel's lists and record pages"): a list is
 * its columns and filters on ResourceListPage, and a resource's new and record pages live in
 * the same files everywhere.
 */
const PANEL = path.join(process.cwd(), "app", "(panel)");
const resources = readdirSync(PANEL, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith("["))
  .map((entry) => entry.name);
const read = (...parts: string[]) => readFileSync(path.join(PANEL, ...parts), "utf8");

describe("the panel's page layout", () => {
  const lists = resources.flatMap((resource) =>
    readdirSync(path.join(PANEL, resource))
      .filter((file) => file.endsWith("-list.tsx"))
      .map((file) => path.join(resource, file)),
  );

  it("has 29 list pages, each drawn by the one skeleton and nothing of its own", () => {
    expect(lists).toHaveLength(29);
    for (const list of lists) {
      const source = read(list);
      expect(source, list).toMatch(/<ResourceList(Page)?\b/);
      // What the skeleton draws, a list never draws again (the categories' tree, beside its
      // table, keeps its own header and delete).
      expect(source, list).not.toMatch(/<DataTable\b|useBulkActions|<RowActions\b|<FilterSelect\b|<DateFilter\b|<FilterLookup\b/);
      if (!list.startsWith("categories")) expect(source, list).not.toMatch(/<PageHeader\b|useConfirmDelete|<NewRecordLink\b/);
    }
  });

  it("renders a resource's new and record pages from new/new-x.tsx and [id]/edit-x.tsx, or the record's own view", () => {
    for (const resource of resources) {
      for (const page of ["new", "[id]"]) {
        if (!existsSync(path.join(PANEL, resource, page, "page.tsx"))) continue;
        const source = read(resource, page, "page.tsx");
        const from = [...source.matchAll(/from "(\.[^"]*)"/g)].map((match) => match[1]);
        if (resource === "orders" && page === "new") {
          expect(from, `${resource}/${page}`).toEqual(["../order-form"]);
          continue;
        }
        // Only the page's own file, beside it: the page names its metadata and renders it.
        expect(from.length, `${resource}/${page}`).toBeGreaterThan(0);
        for (const file of from) expect(file, `${resource}/${page}`).toMatch(/^\.\/[a-z-]+$/);
        if (page === "new")
          expect(from, resource).toContain(
            `./new-${readdirSync(path.join(PANEL, resource, "new"))
              .find((f) => f.startsWith("new-"))
              ?.slice(4, -4)}`,
          );
      }
    }
  });
});
