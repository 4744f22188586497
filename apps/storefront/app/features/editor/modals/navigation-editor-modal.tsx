import type { Locale, NavigationHandle } from "@shop/contracts";
import { type CSSProperties, lazy, Suspense, useEffect, useId, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { editorCall } from "../editor-calls.ts";
import { EditorModal } from "../editor-modal.tsx";
import {
  add,
  canMove,
  flatten,
  fromItems,
  indent,
  invalidKeys,
  moveDown,
  moveUp,
  NAV_MAX_DEPTH,
  type NavNode,
  newKey,
  outdent,
  remove,
  toInput,
  update,
} from "./nav-tree.ts";

const LinkOptionsModal = lazy(() => import("./link-options-modal.tsx").then((m) => ({ default: m.LinkOptionsModal })));

type Loaded = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; version: number };

/**
 * SPEC §2 navigation sets: one menu (main, footer1–4) in the page's language, as a list in menu
 * order with each item's depth. Items are added, renamed, removed, moved up and down, and in and
 * out (nesting); an item is a link (its target from the link options modal) or linkless (a heading
 * of its children). Saving sends the version the editor loaded: a menu someone else saved since is
 * refused (409), and the modal says so instead of overwriting it.
 */
export function NavigationEditorModal({
  locale,
  handle,
  onClose,
  onSaved,
}: {
  locale: Locale;
  handle: NavigationHandle;
  onClose: () => void;
  /** After a save, with the menu's new version (the page's menus can reload). */
  onSaved: (version: number) => void;
}) {
  const t = useT();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [tree, setTree] = useState<NavNode[]>([]);
  const [linkFor, setLinkFor] = useState<string | null>(null);
  const [showInvalid, setShowInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState("");

  useEffect(() => {
    let stale = false;
    void editorCall("pageEditor.navigation", locale, { params: { id: handle } }).then((result) => {
      if (stale) return;
      if (!result.ok) return setLoaded({ state: "failed", message: result.message });
      setTree(fromItems(result.data.items));
      setLoaded({ state: "ready", version: result.data.version });
    });
    return () => {
      stale = true;
    };
  }, [locale, handle]);

  const invalid = showInvalid ? new Set(invalidKeys(tree)) : new Set<string>();
  const rows = flatten(tree);

  /** Moves keep focus on the moved item's same button, so a keyboard user can press it again. */
  const move = (key: string, action: "up" | "down" | "in" | "out", title: string) => {
    const next = { up: moveUp, down: moveDown, in: indent, out: outdent }[action](tree, key);
    setTree(next);
    setAnnounce(t(`editor.modals.nav.moved.${action}`, { title: title || t("editor.modals.nav.untitled") }));
    requestAnimationFrame(() => {
      const button = document.getElementById(`${id}-${key}-${action}`);
      if (button && !(button as HTMLButtonElement).disabled) button.focus();
      else document.getElementById(`${id}-${key}-title`)?.focus();
    });
  };

  const addItem = (parentKey?: string) => {
    const node: NavNode = { key: newKey(), title: "", type: "linkless", url: null, children: [] };
    setTree(add(tree, node, parentKey));
    requestAnimationFrame(() => document.getElementById(`${id}-${node.key}-title`)?.focus());
  };

  const save = async () => {
    if (loaded.state !== "ready" || busy) return;
    if (invalidKeys(tree).length) {
      setShowInvalid(true);
      setFailure(t("editor.modals.nav.fixItems"));
      return;
    }
    setBusy(true);
    setFailure(null);
    const result = await editorCall("pageEditor.saveNavigation", locale, {
      params: { id: handle },
      body: { baseVersion: loaded.version, items: toInput(tree) },
    });
    setBusy(false);
    if (!result.ok) {
      setFailure(result.status === 409 ? t("editor.modals.nav.stale") : result.message);
      return;
    }
    onSaved(result.data.version);
  };

  const linking = linkFor ? rows.find((r) => r.node.key === linkFor)?.node : undefined;

  return (
    <EditorModal
      title={t("editor.modals.nav.title", { menu: t(`editor.modals.nav.menus.${handle}`) })}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("editor.modals.cancel")}
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={busy || loaded.state !== "ready" || undefined}
            onClick={() => void save()}
          >
            {t("editor.modals.save")}
          </button>
        </>
      }
    >
      <p className="sr-only" role="status">
        {announce}
      </p>
      {failure ? (
        <p className="editor-modal__error" role="alert">
          {failure}
        </p>
      ) : null}
      {loaded.state === "loading" ? (
        <p role="status">{t("editor.modals.pick.loading")}</p>
      ) : loaded.state === "failed" ? (
        <p className="editor-modal__error" role="alert">
          {loaded.message}
        </p>
      ) : (
        <>
          {rows.length === 0 ? <p className="editor-modal__muted">{t("editor.modals.nav.empty")}</p> : null}
          <ul className="editor-rows" aria-label={t(`editor.modals.nav.menus.${handle}`)}>
            {rows.map(({ node, depth }) => {
              const can = canMove(tree, node.key);
              const name = node.title || t("editor.modals.nav.untitled");
              const bad = invalid.has(node.key);
              return (
                <li key={node.key} className="editor-row editor-nav-item" style={{ "--depth": depth } as CSSProperties}>
                  <div className="editor-nav-item__fields">
                    <div className={`field${bad && !node.title.trim() ? " field--invalid" : ""}`}>
                      <label htmlFor={`${id}-${node.key}-title`}>
                        {t("editor.modals.nav.itemTitle")} <span className="sr-only">{t("editor.modals.nav.level", { level: depth })}</span>
                      </label>
                      <input
                        id={`${id}-${node.key}-title`}
                        value={node.title}
                        maxLength={120}
                        aria-invalid={bad && !node.title.trim() ? true : undefined}
                        onChange={(e) => setTree(update(tree, node.key, { title: e.target.value }))}
                      />
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${node.key}-type`}>{t("editor.modals.nav.type")}</label>
                      <select
                        id={`${id}-${node.key}-type`}
                        value={node.type}
                        onChange={(e) => setTree(update(tree, node.key, { type: e.target.value as NavNode["type"] }))}
                      >
                        <option value="link">{t("editor.modals.nav.types.link")}</option>
                        <option value="linkless">{t("editor.modals.nav.types.linkless")}</option>
                      </select>
                    </div>
                  </div>
                  {node.type === "link" ? (
                    <div className="editor-row__main">
                      <span className={bad && !node.url ? "editor-modal__error" : "editor-picked__value"}>
                        {node.url ?? t("editor.modals.nav.noLink")}
                      </span>
                      <button type="button" className="button button--ghost button--small" onClick={() => setLinkFor(node.key)}>
                        {t("editor.modals.nav.chooseLink")}
                        <span className="sr-only">: {name}</span>
                      </button>
                    </div>
                  ) : null}
                  <div className="editor-row__actions">
                    {(
                      [
                        ["up", can.up],
                        ["down", can.down],
                        ["out", can.outdent],
                        ["in", can.indent],
                      ] as const
                    ).map(([action, enabled]) => (
                      <button
                        key={action}
                        id={`${id}-${node.key}-${action}`}
                        type="button"
                        className="button button--ghost"
                        disabled={!enabled}
                        onClick={() => move(node.key, action, node.title)}
                      >
                        {t(`editor.modals.nav.actions.${action}`)}
                        <span className="sr-only">: {name}</span>
                      </button>
                    ))}
                    {depth < NAV_MAX_DEPTH ? (
                      <button type="button" className="button button--ghost" onClick={() => addItem(node.key)}>
                        {t("editor.modals.nav.addChild")}
                        <span className="sr-only">: {name}</span>
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => {
                        setTree(remove(tree, node.key));
                        setAnnounce(t("editor.modals.nav.removed", { title: name }));
                      }}
                    >
                      {t("editor.modals.nav.remove")}
                      <span className="sr-only">: {name}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <p>
            <button type="button" className="button button--ghost button--small" onClick={() => addItem()}>
              {t("editor.modals.nav.add")}
            </button>
          </p>
        </>
      )}
      {linking ? (
        <Suspense fallback={null}>
          <LinkOptionsModal
            locale={locale}
            labelRequired={false}
            title={t("editor.modals.nav.linkTitle", { title: linking.title || t("editor.modals.nav.untitled") })}
            value={{ label: linking.title, href: linking.url ?? "" }}
            onClose={() => setLinkFor(null)}
            onSave={(link) => {
              setTree(update(tree, linking.key, { url: link.href }));
              setLinkFor(null);
            }}
          />
        </Suspense>
      ) : null}
    </EditorModal>
  );
}
