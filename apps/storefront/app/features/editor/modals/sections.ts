import type { Locale, MasterView, PageComponent } from "@shop/contracts";

/**
 * The section manager's changes to a page's components (SPEC §3 'sections are master or child'):
 * a master is a section shared by every page that places it; on a page it is a child, a component
 * carrying `master` (and the master's data in the page's language, as the editor shows it).
 * Answers new lists; the editor saves them with its draft.
 */

/**
 * An id for a component the draft has not saved yet (the platform gives real ones on save): below
 * every id the page has and far below the editor's own new-block ids (-1, -2…), so the two never meet.
 */
export function temporaryId(components: readonly PageComponent[]): number {
  return Math.min(-1_000_000, ...components.map((c) => c.id)) - 1;
}

/** The component at `index` now follows master `masterId` (made from its own data). */
export function followMaster(components: readonly PageComponent[], index: number, masterId: number): PageComponent[] {
  return components.map((c, i) => (i === index ? { ...c, master: masterId } : c));
}

/** The child at `index` keeps a copy of its master's data and no longer follows it. */
export function detach(components: readonly PageComponent[], index: number): PageComponent[] {
  return components.map((c, i) => {
    if (i !== index) return c;
    const { master: _master, ...copy } = c;
    return { ...copy, data: structuredClone(c.data) };
  });
}

/** The master's data in the page's language, else in Croatian, else in any language it has. */
export function masterData(master: MasterView, locale: Locale): Record<string, unknown> {
  return master.translations[locale] ?? master.translations.hr ?? Object.values(master.translations)[0] ?? {};
}

/** A child of `master` placed at `at` (the end when omitted). */
export function insertMaster(
  components: readonly PageComponent[],
  master: MasterView,
  locale: Locale,
  at = components.length,
): PageComponent[] {
  const child: PageComponent = {
    id: temporaryId(components),
    template: master.template,
    data: structuredClone(masterData(master, locale)),
    master: master.id,
  };
  return [...components.slice(0, at), child, ...components.slice(at)];
}

/** The list with the item at `index` one place up (-1) or down (1); unchanged at either end. */
export function moveSection<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A short name for a section in lists: its title field when it has one. */
export function sectionTitle(component: PageComponent): string | null {
  const title = component.data.title;
  return typeof title === "string" && title.trim() !== "" ? title.trim() : null;
}
