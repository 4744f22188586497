import {
  BLOCK_SAMPLES,
  type BlockTemplate,
  blockTemplates,
  type EditablePage,
  type ElementHandler,
  type ElementVariant,
  type Locale,
  localizedPath,
  type MasterUsage,
  type PageComponent,
  type PageVersion,
} from "@shop/contracts";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { LoadedBlocks } from "../../blocks/block-props.ts";
import { opensWithHero } from "../../blocks/registry.tsx";
import { useT } from "../../ui/i18n.tsx";
import { useReload } from "../../ui/use-reload.ts";
import { BLOCK_FIELDS, type FieldSpec } from "./block-fields.ts";
import { Fields } from "./block-panel.tsx";
import { editorCall } from "./editor-calls.ts";
import { EditorModal } from "./editor-modal.tsx";
import { ElementTargets } from "./element-targets.tsx";
import { ElementsModal } from "./elements-modal.tsx";
import { InlineBlock } from "./inline-block.tsx";
import { isAltGraph, isSaveShortcut } from "./keys.ts";
import { useLeaveGuard } from "./leave-guard.ts";
import { ConfirmModal } from "./modals/confirm-modal.tsx";
import { PageSettingsModal } from "./page-settings-modal.tsx";
import { PreviewBlocks } from "./preview-blocks.tsx";
import { RevisionsModal } from "./revisions-modal.tsx";
import { useEditLock } from "./use-edit-lock.ts";
import "../../styles/editor.css";

// The editing modals of SPEC §2 (features/editor/modals) load when opened.
const SectionManagerModal = lazy(() => import("./modals/section-manager-modal.tsx").then((m) => ({ default: m.SectionManagerModal })));
const NavigationMenusModal = lazy(() => import("./modals/navigation-menus-modal.tsx").then((m) => ({ default: m.NavigationMenusModal })));

interface Doc {
  title: string;
  slug: string;
  components: PageComponent[];
}

type Confirm =
  | { kind: "master"; masterId: number; pages: MasterUsage["pages"] }
  | { kind: "remove"; id: number }
  | { kind: "discard" }
  | { kind: "leave"; proceed: () => void }
  | { kind: "stale"; message: string };

type Status = { tone: "info" | "error" | "success"; text: string } | null;

/** A shared section's data changed here and not yet saved to it, by master id. */
type MasterEdits = Readonly<Record<number, Record<string, unknown>>>;

/** What the editor shows first: the draft if there is one, else the live version, with unsaved shared-section edits on top. */
function docOf(page: EditablePage, masterEdits: MasterEdits = {}): Doc {
  const version: PageVersion | null = page.draft ?? page.published;
  const components = (version?.components ?? []).map((c) => {
    const edited = c.master ? masterEdits[c.master] : undefined;
    return edited ? { ...c, data: edited } : c;
  });
  return { title: version?.title ?? "", slug: version?.slug ?? "", components };
}

/** New blocks get ids below zero until the draft is saved (the platform gives them theirs). */
let nextNewId = -1;

function isTemplate(template: string): template is BlockTemplate {
  return (blockTemplates as readonly string[]).includes(template);
}

/** The components as a draft saves them: a master by reference, a new block without an id. */
function inputsOf(components: PageComponent[]) {
  return components.map((c) =>
    c.master
      ? { id: c.id > 0 ? c.id : undefined, master: c.master }
      : { id: c.id > 0 ? c.id : undefined, template: c.template, data: c.data },
  );
}

/**
 * Edit mode on the live page (issue 13, SPEC §2 editPage=true): the page's blocks, each outlined on
 * hover and focus and selectable by mouse and keyboard (Tab to it, Enter selects, Escape lets go);
 * the selected one edited in place (its texts) and in the side panel (the rest), with its own
 * toolbar; the page's toolbar saves the draft, publishes, discards, shows the revisions and the
 * phone preview. Loaded only in edit mode (content.tsx imports it lazily).
 */
export default function PageEditor({
  initial,
  variant,
  loaded,
  locale,
}: {
  initial: EditablePage;
  /** The layout's element set on this page (SPEC §1 car-wash variant). */
  variant: ElementVariant;
  loaded: LoadedBlocks;
  locale: Locale;
}) {
  const t = useT();
  // The page's address without the query (mobile preview, leaving edit mode).
  const path = useLocation().pathname;
  const navigate = useNavigate();
  const isHome = path === localizedPath("content", locale);
  const reload = useReload();
  const [page, setPage] = useState(initial);
  const [doc, setDoc] = useState(() => docOf(initial));
  const [dirty, setDirty] = useState(false);
  // Shared sections edited in place: saved to the master on their own (they change other pages too).
  const [masterEdits, setMasterEditsState] = useState<MasterEdits>({});
  const masterEditsRef = useRef<MasterEdits>({});
  const setMasterEdits = useCallback((next: MasterEdits) => {
    masterEditsRef.current = next;
    setMasterEditsState(next);
  }, []);
  const unsaved = dirty || Object.keys(masterEdits).length > 0;
  const [elementHandler, setElementHandler] = useState<ElementHandler>("header-section");
  const [selected, setSelected] = useState<number | null>(null);
  const [placed, setPlaced] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [modal, setModal] = useState<"revisions" | "mobile" | "add" | "elements" | "sections" | "menus" | "settings" | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const { lock, lost, takeOver } = useEditLock(initial.id, locale);
  const readOnly = lock.state !== "held";
  const blockRefs = useRef(new Map<number, HTMLDivElement>());

  /** Shows `next` as saved; unsaved shared-section edits stay on top unless `dropMasters` (discarding). */
  const reset = useCallback(
    (next: EditablePage, { dropMasters = false }: { dropMasters?: boolean } = {}) => {
      if (dropMasters) setMasterEdits({});
      setPage(next);
      setDoc(docOf(next, masterEditsRef.current));
      setDirty(false);
      setSelected(null);
    },
    [setMasterEdits],
  );

  const edit = (change: (doc: Doc) => Doc) => {
    if (readOnly) return;
    setDoc(change);
    setDirty(true);
    // What the last save or publish said is no longer the page's state.
    setStatus(null);
  };

  const focusBlock = (id: number) => requestAnimationFrame(() => blockRefs.current.get(id)?.focus());

  const failed = (result: { status: number; message: string }) => {
    // A save based on an older draft: someone else saved meanwhile; reloading shows theirs.
    if (result.status === 409) setConfirm({ kind: "stale", message: result.message });
    else if (result.status === 423) lost(result.message);
    // Over the bound of a form post (the draft travels in one).
    else if (result.status === 413) setStatus({ tone: "error", text: t("editor.error.tooLarge") });
    else setStatus({ tone: "error", text: result.message });
  };

  /** Saves the draft; the page as saved, or null when refused (the message is shown). */
  const save = async (): Promise<EditablePage | null> => {
    setBusy(true);
    const result = await editorCall("pageEditor.saveDraft", locale, {
      params: { id: page.id },
      body: { baseVersion: page.draft?.version ?? 0, title: doc.title, slug: doc.slug, components: inputsOf(doc.components) },
    });
    setBusy(false);
    if (!result.ok) {
      failed(result);
      return null;
    }
    reset(result.data);
    setStatus({ tone: "success", text: t("editor.status.saved", { version: result.data.draft?.version ?? 0 }) });
    // Blocks that load data (latest posts, forms) get it for their new components.
    reload();
    return result.data;
  };

  const publish = async () => {
    const saved = dirty ? await save() : page;
    if (!saved?.draft) return;
    setBusy(true);
    const result = await editorCall("pageEditor.publish", locale, {
      params: { id: saved.id },
      body: { draftVersion: saved.draft.version },
    });
    setBusy(false);
    if (!result.ok) return failed(result);
    reset(result.data);
    setStatus({ tone: "success", text: t("editor.status.published") });
    // A new slug is live: the editor moves to the page's new address (the old one now redirects there).
    const live = result.data.published;
    if (!isHome && live && !result.data.fallback && path !== localizedPath("content", locale, { slug: live.slug })) {
      navigate(`${localizedPath("content", locale, { slug: live.slug })}?editPage=true`, { replace: true });
    }
  };

  const discard = async () => {
    setConfirm(null);
    if (!page.draft) {
      reset(page, { dropMasters: true });
      return;
    }
    const result = await editorCall("pageEditor.discardDraft", locale, { params: { id: page.id } });
    if (!result.ok) return failed(result);
    reset(result.data, { dropMasters: true });
    reload();
    setStatus({ tone: "info", text: t("editor.status.discarded") });
  };

  const translate = async () => {
    const result = await editorCall("pageEditor.translate", locale, { params: { id: page.id }, body: {} });
    if (!result.ok) return failed(result);
    reset(result.data);
    setStatus({ tone: "success", text: t("editor.status.translated") });
  };

  const preview = async () => {
    if (dirty && !(await save())) return;
    setModal("mobile");
  };

  // Unsaved changes: a link asks first, closing the tab too (the browser's own question).
  useLeaveGuard(unsaved, (proceed) => setConfirm({ kind: "leave", proceed }));

  // Ctrl+S saves the draft; AltGr+S (Ctrl+Alt, đ on a Croatian keyboard) is typing (keys.ts).
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isAltGraph(event) || !isSaveShortcut(event)) return;
      event.preventDefault();
      if (!readOnly && dirty) void saveRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [readOnly, dirty]);

  const move = (id: number, by: number) =>
    edit((d) => {
      const index = d.components.findIndex((c) => c.id === id);
      const target = index + by;
      if (index < 0 || target < 0 || target >= d.components.length) return d;
      const components = [...d.components];
      const [moved] = components.splice(index, 1);
      components.splice(target, 0, moved as PageComponent);
      focusBlock(id);
      return { ...d, components };
    });

  const duplicate = (id: number) =>
    edit((d) => {
      const index = d.components.findIndex((c) => c.id === id);
      const original = d.components[index];
      if (!original) return d;
      const copy = { ...original, id: nextNewId--, data: structuredClone(original.data) };
      const components = [...d.components];
      components.splice(index + 1, 0, copy);
      setSelected(copy.id);
      focusBlock(copy.id);
      return { ...d, components };
    });

  const remove = (id: number) => {
    setConfirm(null);
    setSelected(null);
    edit((d) => ({ ...d, components: d.components.filter((c) => c.id !== id) }));
  };

  const add = (template: BlockTemplate) => {
    setModal(null);
    const component: PageComponent = {
      id: nextNewId--,
      template,
      data: structuredClone(BLOCK_SAMPLES[template]) as Record<string, unknown>,
    };
    edit((d) => {
      const index = selected === null ? d.components.length : d.components.findIndex((c) => c.id === selected) + 1;
      const components = [...d.components];
      components.splice(index, 0, component);
      return { ...d, components };
    });
    setSelected(component.id);
    focusBlock(component.id);
  };

  const changeData = (component: PageComponent, data: Record<string, unknown>) => {
    const master = component.master;
    if (!master) {
      edit((d) => ({ ...d, components: d.components.map((c) => (c.id === component.id ? { ...c, data } : c)) }));
      return;
    }
    // A shared section: every placement of it on this page shows the change; the page's draft does not change.
    if (readOnly) return;
    setMasterEdits({ ...masterEditsRef.current, [master]: data });
    setDoc((d) => ({ ...d, components: d.components.map((c) => (c.master === master ? { ...c, data } : c)) }));
    setStatus(null);
  };

  /** Names the pages a shared section is on (in this language) before its change is saved. */
  const askSaveMaster = async (masterId: number) => {
    const usage = await editorCall("pageEditor.masterUsage", locale, { params: { id: masterId } });
    if (!usage.ok) return failed(usage);
    setConfirm({ kind: "master", masterId, pages: usage.data.pages.filter((p) => p.language === locale) });
  };

  const saveMaster = async (masterId: number) => {
    const data = masterEditsRef.current[masterId];
    if (!data) return;
    const result = await editorCall("cms.updateMaster", locale, { params: { id: masterId }, body: { language: locale, data } });
    if (!result.ok) {
      setConfirm(null);
      return failed(result);
    }
    const { [masterId]: _saved, ...rest } = masterEditsRef.current;
    setMasterEdits(rest);
    setConfirm(null);
    setStatus({ tone: "success", text: t("editor.master.saved") });
    // Other blocks of this page may show the same section (a list of pages, say).
    reload();
  };

  /** After a refused save (someone saved meanwhile): the page as it is now, their changes in it. */
  const reloadPage = async () => {
    setConfirm(null);
    const result = await editorCall("pageEditor.getPage", locale, { params: { id: page.id } });
    if (!result.ok) return failed(result);
    reset(result.data);
    setStatus({ tone: "info", text: t("editor.status.reloaded") });
  };

  const confirmDialog = (c: Confirm) => {
    switch (c.kind) {
      case "master":
        return {
          title: t("editor.master.confirmTitle"),
          message: t("editor.master.confirm", { count: c.pages.length, pages: c.pages.map((p) => p.title).join(", ") }),
          confirmLabel: t("editor.master.confirmYes"),
          onConfirm: () => saveMaster(c.masterId),
        };
      case "remove":
        return {
          title: t("editor.confirm.removeTitle"),
          message: t("editor.confirm.remove"),
          confirmLabel: t("editor.confirm.removeYes"),
          danger: true,
          onConfirm: () => remove(c.id),
        };
      case "discard":
        return {
          title: t("editor.confirm.discardTitle"),
          message: t("editor.confirm.discard"),
          confirmLabel: t("editor.confirm.discardYes"),
          danger: true,
          onConfirm: discard,
        };
      case "leave":
        return {
          title: t("editor.confirm.leaveTitle"),
          message: t("editor.confirm.leave"),
          confirmLabel: t("editor.confirm.leaveYes"),
          danger: true,
          onConfirm: () => {
            setConfirm(null);
            c.proceed();
          },
        };
      case "stale":
        return {
          title: t("editor.confirm.staleTitle"),
          message: c.message,
          confirmLabel: t("editor.confirm.reload"),
          onConfirm: reloadPage,
        };
    }
  };

  const heroIsTitle = opensWithHero(doc.components);
  const current = doc.components.find((c) => c.id === selected) ?? null;
  const panelFields: FieldSpec[] = current
    ? ((BLOCK_FIELDS as Record<string, readonly FieldSpec[]>)[current.template] ?? []).filter((f) => !placed.includes(f.key))
    : [];
  const templateName = (template: string) => (isTemplate(template) ? t(`editor.template.${template}`) : template);
  const statusBadge = page.fallback
    ? t("editor.badge.fallback")
    : page.draft
      ? t("editor.badge.draft", { version: page.draft.version })
      : page.status === "published"
        ? t("editor.badge.published")
        : t("editor.badge.unpublished");

  return (
    <div className={`page-editor${selected === null ? "" : " page-editor--panel"}`}>
      <section className="editor-toolbar" aria-label={t("editor.toolbar")}>
        <p className="editor-toolbar__status">
          <span className={`editor-badge${page.fallback ? " editor-badge--fallback" : page.draft ? " editor-badge--draft" : ""}`}>
            {statusBadge}
          </span>
          {unsaved ? <span className="editor-badge editor-badge--unsaved">{t("editor.badge.unsaved")}</span> : null}
        </p>
        <div className="editor-toolbar__actions">
          {page.fallback ? (
            <button type="button" className="button button--small" disabled={readOnly || busy} onClick={translate}>
              {t("editor.translate")}
            </button>
          ) : null}
          <button type="button" className="button button--small" disabled={readOnly || busy || !dirty} onClick={() => void save()}>
            {t("editor.saveDraft")}
          </button>
          <button type="button" className="button button--small" disabled={readOnly || busy || (!dirty && !page.draft)} onClick={publish}>
            {t("editor.publish")}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={readOnly || busy || (!dirty && !page.draft)}
            onClick={() => setConfirm({ kind: "discard" })}
          >
            {t("editor.discard")}
          </button>
          <button type="button" className="button button--small button--ghost" disabled={readOnly} onClick={() => setModal("settings")}>
            {t("editor.settings.open")}
          </button>
          <button type="button" className="button button--small button--ghost" onClick={() => setModal("revisions")}>
            {t("editor.revisions")}
          </button>
          <button type="button" className="button button--small button--ghost" disabled={busy} onClick={preview}>
            {t("editor.mobilePreview")}
          </button>
          <button type="button" className="button button--small button--ghost" disabled={readOnly} onClick={() => setModal("add")}>
            {t("editor.addBlock")}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => {
              setElementHandler("header-section");
              setModal("elements");
            }}
          >
            {t("editor.elements")}
          </button>
          <button type="button" className="button button--small button--ghost" disabled={readOnly} onClick={() => setModal("sections")}>
            {t("editor.modals.open.sections")}
          </button>
          <button type="button" className="button button--small button--ghost" onClick={() => setModal("menus")}>
            {t("editor.modals.open.menus")}
          </button>
          <a className="button button--small button--ghost" href={path}>
            {t("editor.leave")}
          </a>
        </div>
        <p className={`editor-message editor-message--${status?.tone ?? "info"}`} role="status">
          {status?.text ?? ""}
        </p>
      </section>

      {lock.state === "other" || lock.state === "lost" || lock.state === "failed" ? (
        <div className="editor-lock" role="alert">
          <p>{lock.message}</p>
          {lock.state === "failed" ? null : (
            <button type="button" className="button button--small" onClick={() => void takeOver()}>
              {t("editor.lock.takeOver")}
            </button>
          )}
        </div>
      ) : null}

      <div className="editor-page">
        {heroIsTitle ? null : (
          <header className="page-header container">
            <h1>{doc.title}</h1>
          </header>
        )}
        {doc.components.map((component, index) => {
          const isSelected = component.id === selected;
          const label = t("editor.block.label", { name: templateName(component.template), n: index + 1 });
          return (
            // A block is a group of the page's content, focusable so the keyboard can select it; no element says that.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={component.id}
              ref={(element) => {
                if (element) blockRefs.current.set(component.id, element);
                else blockRefs.current.delete(component.id);
              }}
              role="group"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: Tab reaches each block to select it with Enter
              tabIndex={0}
              aria-label={label}
              aria-current={isSelected ? "true" : undefined}
              className={`editor-block${isSelected ? " editor-block--selected" : ""}`}
              onClickCapture={(event) => {
                // In edit mode a click on a link selects its block instead of leaving the page.
                if ((event.target as HTMLElement).closest("a")) event.preventDefault();
                if (!isSelected) setSelected(component.id);
              }}
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === "Enter" && !isSelected) {
                  event.preventDefault();
                  setSelected(component.id);
                } else if (event.key === "Escape" && isSelected) setSelected(null);
              }}
            >
              {isSelected && !readOnly ? (
                <div className="editor-block__toolbar" role="toolbar" aria-label={t("editor.block.toolbar", { name: label })}>
                  <span className="editor-block__name">{label}</span>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={index === 0}
                    onClick={() => move(component.id, -1)}
                  >
                    {t("editor.block.up")}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={index === doc.components.length - 1}
                    onClick={() => move(component.id, 1)}
                  >
                    {t("editor.block.down")}
                  </button>
                  {component.master ? (
                    <button
                      type="button"
                      className="button button--small"
                      disabled={!masterEdits[component.master]}
                      onClick={() => void askSaveMaster(component.master as number)}
                    >
                      {t("editor.master.save")}
                    </button>
                  ) : null}
                  <button type="button" className="button button--small button--ghost" onClick={() => duplicate(component.id)}>
                    {t("editor.block.duplicate")}
                  </button>
                  <button type="button" className="button button--small button--ghost" onClick={() => setModal("add")}>
                    {t("editor.addBlock")}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setConfirm({ kind: "remove", id: component.id })}
                  >
                    {t("editor.block.remove")}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => {
                      setSelected(null);
                      focusBlock(component.id);
                    }}
                  >
                    {t("editor.block.done")}
                  </button>
                </div>
              ) : null}
              {isSelected && isTemplate(component.template) ? (
                <InlineBlock
                  component={component}
                  heroIsTitle={heroIsTitle && index === 0}
                  loaded={loaded}
                  readOnly={readOnly}
                  onChange={(data) => changeData(component, data)}
                  onPlaced={setPlaced}
                  onEscape={() => {
                    setSelected(null);
                    focusBlock(component.id);
                  }}
                />
              ) : (
                <PreviewBlocks components={[component]} heroIsTitle={heroIsTitle && index === 0} loaded={loaded} />
              )}
              {component.master ? <p className="editor-block__master">{t("editor.block.master")}</p> : null}
              {isSelected && panelFields.length > 0 ? (
                <aside className="editor-panel" aria-label={t("editor.panel", { name: templateName(component.template) })}>
                  <h2 className="editor-panel__title">{templateName(component.template)}</h2>
                  <Fields
                    key={component.id}
                    fields={panelFields}
                    data={component.data}
                    locale={locale}
                    readOnly={readOnly}
                    onChange={(data) => changeData(component, data)}
                  />
                </aside>
              ) : null}
            </div>
          );
        })}
      </div>

      {modal === "add" ? (
        <EditorModal title={t("editor.addBlock")} onClose={() => setModal(null)}>
          <ul className="editor-templates">
            {blockTemplates.map((template) => (
              <li key={template}>
                <button type="button" className="button button--ghost button--block" onClick={() => add(template)}>
                  {templateName(template)}
                </button>
              </li>
            ))}
          </ul>
        </EditorModal>
      ) : null}

      {modal === "settings" ? (
        <PageSettingsModal
          title={doc.title}
          slug={doc.slug}
          isHome={isHome}
          onClose={() => setModal(null)}
          onApply={(settings) => {
            setModal(null);
            edit((d) => ({ ...d, ...settings }));
          }}
        />
      ) : null}

      <ElementTargets
        onOpen={(handler) => {
          setElementHandler(handler);
          setModal("elements");
        }}
      />
      {modal === "elements" ? (
        <ElementsModal locale={locale} variant={variant} initial={elementHandler} onClose={() => setModal(null)} />
      ) : null}

      {modal === "sections" ? (
        <Suspense fallback={null}>
          <SectionManagerModal
            locale={locale}
            components={doc.components}
            onChange={(components) => edit((d) => ({ ...d, components }))}
            onClose={() => setModal(null)}
          />
        </Suspense>
      ) : null}

      {modal === "menus" ? (
        <Suspense fallback={null}>
          <NavigationMenusModal
            locale={locale}
            onClose={() => setModal(null)}
            onSaved={() => {
              setModal(null);
              reload();
              setStatus({ tone: "success", text: t("editor.modals.nav.saved") });
            }}
          />
        </Suspense>
      ) : null}

      {modal === "revisions" ? (
        <RevisionsModal
          pageId={page.id}
          locale={locale}
          onClose={() => setModal(null)}
          onRestored={(restored) => {
            setModal(null);
            reset(restored);
            reload();
            setStatus({ tone: "success", text: t("editor.status.restored") });
          }}
        />
      ) : null}

      {modal === "mobile" ? (
        <EditorModal title={t("editor.mobilePreview")} onClose={() => setModal(null)} size="large">
          <div className="editor-phone">
            <iframe
              className="editor-phone__screen"
              title={t("editor.mobilePreviewFrame")}
              src={`${path}?mobileView=true`}
              width={360}
              height={640}
            />
          </div>
        </EditorModal>
      ) : null}

      {confirm ? <ConfirmModal {...confirmDialog(confirm)} onClose={() => setConfirm(null)} /> : null}
    </div>
  );
}
