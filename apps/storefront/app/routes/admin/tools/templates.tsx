import {
  blockTemplates,
  LOCALES,
  PAGE_TEMPLATE_MAX_BLOCKS,
  type PageTemplateView,
  pageTemplateCreateBody,
  pageTemplateUpdateBody,
  SYSTEM_ROUTES,
} from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { AdminPage } from "../../../features/admin/admin-page.tsx";
import { failureFields, failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { type FieldErrors, fieldErrors, formText } from "../../../features/forms/form-values.ts";
import { Field } from "../../../ui/field.tsx";
import { useT } from "../../../ui/i18n.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { Route } from "./+types/templates";
import "../../../styles/forms.css";
import "../../../styles/admin-tools.css";

const DONE = new Set(["created", "saved", "reordered", "deleted"]);
/** Block choices the create form offers without JavaScript: one select per place, empty ones dropped. */
const CREATE_SLOTS = 6;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const [templates, pages] = await Promise.all([
    adminCall(args, staff.platform, api.pageTemplates.list),
    adminCall(args, staff.platform, api.cms.filterPosts, { body: { postTypeSlugs: ["page"], limit: 100, display: "legacy" } }),
  ]);
  if (!templates.ok) throw data(templates.message, { status: failureStatus(templates) });
  const done = new URL(args.request.url).searchParams.get("done");
  return {
    templates: templates.data.records,
    pages: pages.ok ? pages.data.records.map((p) => ({ id: p.id, title: p.title })) : [],
    done: done && DONE.has(done) ? done : null,
  };
}

interface ActionData {
  intent: string;
  id?: number;
  fieldErrors: FieldErrors;
  formError: string | null;
  values?: Record<string, string>;
}

const done = (what: string) => redirect(`${SYSTEM_ROUTES.adminTemplates}?done=${what}`);

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  const refused = (result: { ok: false } & Parameters<typeof failureText>[0], id?: number, values?: Record<string, string>) =>
    data<ActionData>(
      { intent, id, fieldErrors: failureFields(result), formError: failureText(result, t), values },
      { status: failureStatus(result) },
    );

  if (intent === "create") {
    const values = {
      name: formText(form, "name"),
      description: formText(form, "description"),
      source: formText(form, "source"),
      fromPage: formText(form, "fromPage"),
      language: formText(form, "language"),
    };
    const fromPage = values.source === "page";
    const blocks = fromPage ? [] : form.getAll("blocks").filter((b): b is string => typeof b === "string" && b !== "");
    const parsed = pageTemplateCreateBody.safeParse({
      name: values.name,
      description: values.description,
      blocks,
      ...(fromPage ? { fromPage: values.fromPage, language: values.language } : {}),
    });
    if (!parsed.success)
      return data<ActionData>({ intent, fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, values }, { status: 400 });
    const result = await adminCall(args, staff.platform, api.pageTemplates.create, { body: parsed.data });
    if (!result.ok) return refused(result, undefined, values);
    throw done("created");
  }

  const id = Number(formText(form, "id"));
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 400 });

  if (intent === "update") {
    const values = { name: formText(form, "name"), description: formText(form, "description") };
    const parsed = pageTemplateUpdateBody.safeParse(values);
    if (!parsed.success)
      return data<ActionData>({ intent, id, fieldErrors: fieldErrors(parsed.error.issues, t), formError: null, values }, { status: 400 });
    const result = await adminCall(args, staff.platform, api.pageTemplates.update, { params: { id }, body: parsed.data });
    if (!result.ok) return refused(result, id, values);
    throw done("saved");
  }
  if (intent === "reorder") {
    const order = formText(form, "order").split(",").map(Number);
    const result = await adminCall(args, staff.platform, api.pageTemplates.reorder, { params: { id }, body: { order } });
    if (!result.ok) return refused(result, id);
    throw done("reordered");
  }
  if (intent === "delete") {
    const result = await adminCall(args, staff.platform, api.pageTemplates.delete, { params: { id } });
    if (!result.ok) return refused(result, id);
    throw done("deleted");
  }
  throw data(null, { status: 400 });
}

export default function TemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const created = actionData?.intent === "create" ? actionData : null;
  return (
    <AdminPage heading={t("admin.tools.templates.heading")}>
      <p>{t("admin.tools.templates.intro")}</p>
      {loaderData.done ? <Notice kind="success">{t(`admin.tools.templates.done.${loaderData.done}`)}</Notice> : null}
      {loaderData.templates.length === 0 ? <p>{t("admin.tools.templates.none")}</p> : null}
      <ul className="admin-templates">
        {loaderData.templates.map((template) => (
          <li key={template.id} className="admin-card">
            <TemplateCard template={template} failure={actionData && actionData.id === template.id ? actionData : null} />
          </li>
        ))}
      </ul>
      <h2 id="new-template">{t("admin.tools.templates.new")}</h2>
      {created?.formError ? <Notice kind="error">{created.formError}</Notice> : null}
      <Form method="post" className="form admin-card" aria-labelledby="new-template" noValidate>
        <input type="hidden" name="intent" value="create" />
        <Field
          name="name"
          id="new-name"
          label={t("admin.tools.templates.name")}
          required
          maxLength={120}
          defaultValue={created?.values?.name}
          error={created?.fieldErrors.name}
        />
        <Field
          name="description"
          id="new-description"
          label={t("admin.tools.templates.description")}
          maxLength={500}
          defaultValue={created?.values?.description}
          error={created?.fieldErrors.description}
        />
        <fieldset className="admin-templates__source">
          <legend>{t("admin.tools.templates.source")}</legend>
          <label>
            <input type="radio" id="source-blocks" name="source" value="blocks" defaultChecked={created?.values?.source !== "page"} />{" "}
            {t("admin.tools.templates.sourceBlocks")}
          </label>
          <div className="admin-templates__slots">
            {Array.from({ length: CREATE_SLOTS }, (_, i) => (
              <div className="field" key={i}>
                <label htmlFor={`new-block-${i}`}>{t("admin.tools.templates.slot", { n: i + 1 })}</label>
                <select id={`new-block-${i}`} name="blocks" defaultValue="">
                  <option value="">{t("admin.tools.templates.slotEmpty")}</option>
                  {blockTemplates.map((b) => (
                    <option key={b} value={b}>
                      {t(`admin.tools.block.${b}`)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {created?.fieldErrors.blocks ? <p className="field__error">{created.fieldErrors.blocks}</p> : null}
          <label>
            <input type="radio" id="source-page" name="source" value="page" defaultChecked={created?.values?.source === "page"} />{" "}
            {t("admin.tools.templates.sourcePage")}
          </label>
          <div className="admin-templates__slots">
            <div className={`field${created?.fieldErrors.fromPage ? " field--invalid" : ""}`}>
              <label htmlFor="new-from-page">{t("admin.tools.templates.page")}</label>
              <select id="new-from-page" name="fromPage" defaultValue={created?.values?.fromPage ?? ""}>
                <option value="">{t("admin.tools.templates.slotEmpty")}</option>
                {loaderData.pages.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
              {created?.fieldErrors.fromPage ? <p className="field__error">{created.fieldErrors.fromPage}</p> : null}
            </div>
            <div className={`field${created?.fieldErrors.language ? " field--invalid" : ""}`}>
              <label htmlFor="new-language">{t("admin.tools.templates.language")}</label>
              <select id="new-language" name="language" defaultValue={created?.values?.language ?? "hr"}>
                {LOCALES.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
              {created?.fieldErrors.language ? <p className="field__error">{created.fieldErrors.language}</p> : null}
            </div>
          </div>
        </fieldset>
        <p className="field__hint">{t("admin.tools.templates.maxBlocks", { n: PAGE_TEMPLATE_MAX_BLOCKS })}</p>
        <button type="submit" className="button">
          {t("admin.tools.templates.create")}
        </button>
      </Form>
    </AdminPage>
  );
}

/** The order of a template's block ids with the block at `index` moved by `step` (up: -1, down: +1). */
function moved(ids: readonly number[], index: number, step: -1 | 1): string {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + step, 0, item as number);
  return next.join(",");
}

function TemplateCard({ template, failure }: { template: PageTemplateView; failure: ActionData | null }) {
  const t = useT();
  const ids = template.blocks.map((b) => b.id);
  const headingId = `template-${template.id}`;
  const editing = failure?.intent === "update";
  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {template.name}
      </h2>
      {template.description ? <p>{template.description}</p> : null}
      {failure?.formError && !editing ? <Notice kind="error">{failure.formError}</Notice> : null}
      <h3 className="admin-templates__blocks-title">{t("admin.tools.templates.blocks", { n: template.blocks.length })}</h3>
      <ol className="admin-templates__blocks">
        {template.blocks.map((block, index) => {
          const label = t(`admin.tools.block.${block.template}`);
          return (
            <li key={block.id}>
              <div className="admin-templates__row">
                <span className="admin-templates__block">
                  {label}
                  {block.data === null ? <small> ({t("admin.tools.templates.startsEmpty")})</small> : null}
                </span>
                <div className="admin-templates__moves">
                  {index > 0 ? (
                    <MoveButton
                      id={template.id}
                      order={moved(ids, index, -1)}
                      label={t("admin.tools.templates.moveUp", { block: label, n: index + 1 })}
                    >
                      ↑
                    </MoveButton>
                  ) : null}
                  {index < ids.length - 1 ? (
                    <MoveButton
                      id={template.id}
                      order={moved(ids, index, 1)}
                      label={t("admin.tools.templates.moveDown", { block: label, n: index + 1 })}
                    >
                      ↓
                    </MoveButton>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <details className="admin-templates__edit" open={editing}>
        <summary>{t("admin.tools.templates.edit")}</summary>
        {editing && failure?.formError ? <Notice kind="error">{failure.formError}</Notice> : null}
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={template.id} />
          <Field
            name="name"
            id={`t${template.id}-name`}
            label={t("admin.tools.templates.name")}
            required
            maxLength={120}
            defaultValue={editing ? failure?.values?.name : template.name}
            error={editing ? failure?.fieldErrors.name : undefined}
          />
          <Field
            name="description"
            id={`t${template.id}-description`}
            label={t("admin.tools.templates.description")}
            maxLength={500}
            defaultValue={editing ? failure?.values?.description : template.description}
            error={editing ? failure?.fieldErrors.description : undefined}
          />
          <button type="submit" className="button button--small">
            {t("admin.tools.templates.save")}
          </button>
        </Form>
      </details>
      <details className="admin-templates__delete">
        <summary>{t("admin.tools.templates.delete")}</summary>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={template.id} />
          <p>{t("admin.tools.templates.deleteConfirm", { name: template.name })}</p>
          <button type="submit" className="button button--small button--danger">
            {t("admin.tools.templates.deleteYes", { name: template.name })}
          </button>
        </Form>
      </details>
    </article>
  );
}

function MoveButton({ id, order, label, children }: { id: number; order: string; label: string; children: string }) {
  return (
    <Form method="post" className="admin-templates__move">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="order" value={order} />
      <button type="submit" className="button button--ghost button--small" aria-label={label} title={label}>
        <span aria-hidden="true">{children}</span>
      </button>
    </Form>
  );
}
