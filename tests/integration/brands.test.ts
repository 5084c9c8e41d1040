import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { newOrg, unique } from "../helpers/database";

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("brands", () => {
  it("creates, reads, updates and deletes a brand", async () => {
    const api = await (await newOrg()).as();
    const name = unique("Brand");
    const created = await api.brands.create({
      name,
      active: true,
      images: [{ resource_file_id: "00000000-0000-4000-8000-000000000001", main: true }],
      attributes: { origin: "BR" },
    });
    expect(created).toMatchObject({ name, active: true, attributes: { origin: "BR" } });
    expect(await api.brands.get({ id: created.id })).toEqual(created);

    const updated = await api.brands.update({ id: created.id, name: `${name} 2`, active: false, images: [], attributes: {} });
    expect(updated).toMatchObject({ id: created.id, name: `${name} 2`, active: false, image: [] });
    expect(updated).not.toHaveProperty("images");

    const list = await api.brands.list({ search: name });
    expect(list.items).toEqual([{ id: created.id, name: `${name} 2`, active: false, resource_file_id: null }]);

    await api.brands.remove({ id: created.id });
    expect((await rejection(api.brands.get({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.brands.remove({ id: created.id }))).code).toBe("NOT_FOUND");
  });

  it("lists the main image, pages, sorts, filters and searches without accents", async () => {
    const api = await (await newOrg()).as();
    for (const [name, active] of [
      ["Alfa Água", true],
      ["Bravo", false],
      ["Cedro", true],
    ] as const) {
      await api.brands.create({ name, active, images: [], attributes: {} });
    }
    const withImage = await api.brands.create({
      name: "Delta",
      active: true,
      attributes: {},
      images: [
        { resource_file_id: "00000000-0000-4000-8000-00000000000a", main: false },
        { resource_file_id: "00000000-0000-4000-8000-00000000000b", main: true },
      ],
    });
    const all = await api.brands.list({ perPage: 2, page: 1, sort: "name", dir: "desc" });
    expect(all).toMatchObject({ currentPage: 1, perPage: 2, total: 4 });
    expect(all.items.map((item) => item.name)).toEqual(["Bravo", "Alfa Água"]);
    expect((await api.brands.list({ active: false })).items.map((item) => item.name)).toEqual(["Bravo"]);
    expect((await api.brands.list({ search: "AGUA" })).items.map((item) => item.name)).toEqual(["Alfa Água"]);
    expect((await api.brands.list({ search: "delta" })).items[0]?.resource_file_id).toBe("00000000-0000-4000-8000-00000000000b");
    expect(withImage.images).toHaveLength(2);
    const pastTheEnd = await api.brands.list({ page: 9 });
    expect(pastTheEnd).toMatchObject({ items: [], total: 4 });
    expect((await api.brands.list({ perPage: 1000 })).perPage).toBe(100);
  });

  it("rejects bad input with 422 and per-field errors", async () => {
    const api = await (await newOrg()).as();
    const error = await rejection(api.brands.create({ name: "", active: "yes" as never, images: [], attributes: {} }));
    expect(error.code).toBe("UNPROCESSABLE_CONTENT");
    expect((await rejection(api.brands.list({ sort: "nope" }))).code).toBe("UNPROCESSABLE_CONTENT");
    expect((await rejection(api.brands.list({ page: -1 }))).code).toBe("UNPROCESSABLE_CONTENT");
  });

  it("keeps every org to its own brands", async () => {
    const mine = await (await newOrg()).as();
    const theirs = await (await newOrg()).as();
    const brand = await mine.brands.create({ name: unique("Private"), active: true, images: [], attributes: {} });
    expect((await rejection(theirs.brands.get({ id: brand.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(theirs.brands.update({ id: brand.id, name: "x", active: true, images: [], attributes: {} }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await rejection(theirs.brands.remove({ id: brand.id }))).code).toBe("NOT_FOUND");
    expect((await theirs.brands.list({ search: brand.name })).total).toBe(0);
    expect((await mine.brands.get({ id: brand.id })).name).toBe(brand.name);
  });

  it("lets every role read but only ADMIN and MANAGER write", async () => {
    const org = await newOrg();
    for (const role of ["VIEWER", "SELLER"] as const) {
      const api = await org.as(role);
      await api.brands.list({});
      expect((await rejection(api.brands.create({ name: "x", active: true, images: [], attributes: {} }))).code).toBe("FORBIDDEN");
    }
    const manager = await org.as("MANAGER");
    await manager.brands.create({ name: unique("By manager"), active: true, images: [], attributes: {} });
  });
});
