import type { MasterView, PageComponent } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { detach, followMaster, insertMaster, moveSection, temporaryId } from "./sections.ts";

const page: PageComponent[] = [
  { id: 4, template: "hero", data: { title: "Dobro došli" } },
  { id: 9, template: "faq", data: { title: "Pitanja", items: [] }, master: 3 },
];

describe("section manager changes", () => {
  it("makes a block follow a new master and detaches a child into its own copy", () => {
    const mastered = followMaster(page, 0, 12);
    expect(mastered[0]).toEqual({ id: 4, template: "hero", data: { title: "Dobro došli" }, master: 12 });
    const detached = detach(page, 1);
    expect(detached[1]).toEqual({ id: 9, template: "faq", data: { title: "Pitanja", items: [] } });
    expect("master" in (detached[1] as object)).toBe(false);
    expect(detached[1]?.data).not.toBe(page[1]?.data);
    expect(page[1]?.master).toBe(3);
  });

  it("places a master with its data in the page's language and a temporary id", () => {
    const master: MasterView = {
      id: 5,
      template: "euNotice",
      title: "EU",
      translations: { hr: { text: "hr" }, en: { text: "en" } },
      updatedAt: "",
    };
    const placed = insertMaster(page, master, "en");
    expect(placed[2]).toEqual({ id: -1_000_001, template: "euNotice", data: { text: "en" }, master: 5 });
    expect(insertMaster(page, master, "de", 0)[0]?.data).toEqual({ text: "hr" });
    expect(temporaryId(placed)).toBe(-1_000_002);
  });

  it("moves a section up or down, never past the ends", () => {
    expect(moveSection(page, 1, -1).map((c) => c.id)).toEqual([9, 4]);
    expect(moveSection(page, 1, 1).map((c) => c.id)).toEqual([4, 9]);
  });
});
