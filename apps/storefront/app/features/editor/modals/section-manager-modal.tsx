import type { Locale, PageComponent } from "@shop/contracts";
import { lazy, Suspense, useState } from "react";
import { useT } from "../../../ui/i18n.tsx";
import { editorCall } from "../editor-calls.ts";
import { EditorModal } from "../editor-modal.tsx";
import { ConfirmModal } from "./confirm-modal.tsx";
import { MoveButtons } from "./move-buttons.tsx";
import { detach, followMaster, insertMaster, sectionTitle } from "./sections.ts";

const ChooseMasterModal = lazy(() => import("./choose-master-modal.tsx").then((m) => ({ default: m.ChooseMasterModal })));

type Pending = { kind: "master" | "detach"; index: number } | null;

/**
 * SPEC §2 section manager. Props:
 * - `locale`: the language of the page being edited (a new master gets its data in it);
 * - `components`: the page's components as the editor holds them (masters resolved: a child
 *   carries `master` and the master's data);
 * - `onChange(components)`: every change at once (order, a block made a master — created on the
 *   platform right away —, a child detached into its own copy, a master placed at the end; a placed
 *   master has a temporary negative id until the draft is saved);
 * - `onClose`.
 * The page itself changes only when the editor saves its draft.
 */
export function SectionManagerModal({
  locale,
  components,
  onChange,
  onClose,
}: {
  locale: Locale;
  components: readonly PageComponent[];
  onChange: (components: PageComponent[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [pending, setPending] = useState<Pending>(null);
  const [choosing, setChoosing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");

  const nameOf = (component: PageComponent) => sectionTitle(component) ?? t(`editor.template.${component.template}`);

  const makeMaster = async (index: number) => {
    const component = components[index];
    if (!component) return;
    const result = await editorCall("cms.createMaster", locale, {
      body: {
        template: component.template,
        title: nameOf(component).slice(0, 120),
        translations: [{ language: locale, data: component.data }],
      },
    });
    setPending(null);
    if (!result.ok) return setFailure(result.message);
    setFailure(null);
    onChange(followMaster(components, index, result.data.id));
    setAnnounce(t("editor.modals.sections.madeMaster", { name: nameOf(component) }));
  };

  const pendingComponent = pending ? components[pending.index] : undefined;

  return (
    <EditorModal
      title={t("editor.modals.sections.title")}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t("editor.modals.done")}
        </button>
      }
    >
      <p className="editor-modal__muted">{t("editor.modals.sections.lead")}</p>
      <p className="sr-only" role="status">
        {announce}
      </p>
      {failure ? (
        <p className="editor-modal__error" role="alert">
          {failure}
        </p>
      ) : null}
      {components.length === 0 ? <p>{t("editor.modals.sections.empty")}</p> : null}
      <ol className="editor-rows">
        {components.map((component, index) => {
          const name = nameOf(component);
          return (
            <li key={component.id} className="editor-row">
              <div className="editor-row__main">
                <span className="editor-row__title">{name}</span>
                <span className="editor-modal-badge">{t(`editor.template.${component.template}`)}</span>
                {component.master ? (
                  <span className="editor-modal-badge editor-modal-badge--master">
                    {t("editor.modals.sections.child", { id: component.master })}
                  </span>
                ) : (
                  <span className="editor-modal-badge">{t("editor.modals.sections.own")}</span>
                )}
              </div>
              <div className="editor-row__actions">
                <MoveButtons items={components} index={index} name={name} onMove={onChange} />
                {component.master ? (
                  <button type="button" className="button button--ghost" onClick={() => setPending({ kind: "detach", index })}>
                    {t("editor.modals.sections.detach")}
                    <span className="sr-only">: {name}</span>
                  </button>
                ) : (
                  <button type="button" className="button button--ghost" onClick={() => setPending({ kind: "master", index })}>
                    {t("editor.modals.sections.makeMaster")}
                    <span className="sr-only">: {name}</span>
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <p>
        <button type="button" className="button button--ghost button--small" onClick={() => setChoosing(true)}>
          {t("editor.modals.sections.addMaster")}
        </button>
      </p>
      {pending && pendingComponent ? (
        <ConfirmModal
          title={t(`editor.modals.sections.${pending.kind}Title`)}
          message={t(`editor.modals.sections.${pending.kind}Message`, { name: nameOf(pendingComponent) })}
          confirmLabel={t(pending.kind === "master" ? "editor.modals.sections.makeMaster" : "editor.modals.sections.detach")}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            if (pending.kind === "master") return makeMaster(pending.index);
            onChange(detach(components, pending.index));
            setAnnounce(t("editor.modals.sections.detached", { name: nameOf(pendingComponent) }));
            setPending(null);
          }}
        />
      ) : null}
      {choosing ? (
        <Suspense fallback={null}>
          <ChooseMasterModal
            locale={locale}
            onClose={() => setChoosing(false)}
            onChoose={(master) => {
              onChange(insertMaster(components, master, locale));
              setAnnounce(t("editor.modals.sections.inserted", { name: master.title }));
              setChoosing(false);
            }}
          />
        </Suspense>
      ) : null}
    </EditorModal>
  );
}
