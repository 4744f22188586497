import type { Generated, Selectable } from "kysely";

export interface PageTemplatesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  /** JSON: [{ id, template, data }] in the order a new page gets them; data null when the block starts empty. */
  blocks: string;
  created_at: string;
  updated_at: string;
}

export type PageTemplateRow = Selectable<PageTemplatesTable>;

export interface PageTemplateTables {
  page_templates: PageTemplatesTable;
}
