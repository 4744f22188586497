import { blockSchemas } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { DEMO_PAGE_TEMPLATES } from "./page-templates.ts";

describe("demo page templates", () => {
  it("start every block with data its template accepts, or empty", () => {
    for (const template of DEMO_PAGE_TEMPLATES) {
      expect(template.blocks.length).toBeGreaterThan(0);
      for (const block of template.blocks) {
        if (block.data === null) continue;
        const parsed = blockSchemas[block.template].safeParse(block.data);
        expect({ template: template.name, block: block.template, ok: parsed.success }).toEqual({
          template: template.name,
          block: block.template,
          ok: true,
        });
      }
    }
  });
});
