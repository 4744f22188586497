import { SYSTEM_ROUTES } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { data, Form, Link, redirect } from "react-router";
import { adminCall, requireStaff } from "../../../features/admin/admin.server.ts";
import { failureStatus, failureText } from "../../../features/errors/platform-failure.ts";
import { formText } from "../../../features/forms/form-values.ts";
import { useLocale, useT } from "../../../ui/i18n.tsx";
import type { Route } from "./+types/categories";
import { doneOf, editorPath, inLocale } from "./catalog-forms.ts";
import { CatalogPage, FormError, IntentButton } from "./catalog-ui.tsx";

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const tree = await adminCall(args, staff.platform, api.adminCatalog.categoryTree);
  if (!tree.ok) throw data(tree.message, { status: failureStatus(tree) });
  return { tree: tree.data, done: doneOf(args.request, ["created", "saved", "moved", "deleted"]) };
}

/** Moving up or down and deleting, posted from the tree; each answers the tree again with a notice. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const t = translator(staff.locale);
  const form = await args.request.formData();
  const intent = formText(form, "intent");
  const id = Number(formText(form, "id"));
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 400 });
  if (intent === "move") {
    const parent = formText(form, "parentId");
    const position = Number(formText(form, "position"));
    if (!Number.isInteger(position) || position < 0) throw data(null, { status: 400 });
    const result = await adminCall(args, staff.platform, api.adminCatalog.categoryMove, {
      params: { id },
      body: { parentId: parent ? Number(parent) : null, position },
    });
    if (!result.ok) return data({ id, formError: failureText(result, t) }, { status: failureStatus(result) });
    throw redirect(`${SYSTEM_ROUTES.adminCatalogCategories}?done=moved`);
  }
  if (intent === "delete") {
    const result = await adminCall(args, staff.platform, api.adminCatalog.categoryDelete, { params: { id } });
    if (!result.ok) return data({ id, formError: failureText(result, t) }, { status: failureStatus(result) });
    throw redirect(`${SYSTEM_ROUTES.adminCatalogCategories}?done=deleted`);
  }
  throw data(null, { status: 400 });
}

export default function CategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { tree, done } = loaderData;
  const depth = new Map<number, number>();
  const rows = tree.map((c) => {
    const d = c.parentId === null ? 0 : (depth.get(c.parentId) ?? 0) + 1;
    depth.set(c.id, d);
    const siblings = tree.filter((s) => s.parentId === c.parentId);
    return {
      category: c,
      depth: d,
      name: inLocale(c.translations, locale)?.name ?? String(c.id),
      index: siblings.indexOf(c),
      last: siblings.length - 1,
      children: tree.some((s) => s.parentId === c.id),
    };
  });
  return (
    <CatalogPage
      refusal={actionData}
      title={t("admin.catalog.categories.heading")}
      done={done ? t(`admin.catalog.categories.${done}`) : null}
      actions={
        <Link className="button button--small" to={editorPath("adminCatalogCategory", "new")}>
          {t("admin.catalog.categories.new")}
        </Link>
      }
    >
      {rows.length === 0 ? <p>{t("admin.catalog.categories.empty")}</p> : null}
      <ul className="catalog-tree">
        {rows.map(({ category: c, depth: d, name, index, last, children }) => (
          <li key={c.id} className="admin-card catalog-tree__item" style={{ marginInlineStart: `${Math.min(d, 4) * 1.25}rem` }}>
            <p className="catalog-tree__name">
              <Link to={editorPath("adminCatalogCategory", c.id)}>{name}</Link>{" "}
              <span className="catalog-muted">{t("admin.catalog.categories.products", { n: c.productCount })}</span>
            </p>
            {actionData && actionData.id === c.id ? <FormError message={actionData.formError} /> : null}
            <div className="catalog-tree__actions">
              {index > 0 ? (
                <MoveButton
                  id={c.id}
                  parentId={c.parentId}
                  position={index - 1}
                  label={t("admin.catalog.categories.up", { name })}
                  text="↑"
                />
              ) : null}
              {index < last ? (
                <MoveButton
                  id={c.id}
                  parentId={c.parentId}
                  position={index + 1}
                  label={t("admin.catalog.categories.down", { name })}
                  text="↓"
                />
              ) : null}
              {c.productCount === 0 && !children ? (
                <IntentButton
                  intent="delete"
                  id={c.id}
                  label={t("admin.catalog.categories.deleteOf", { name })}
                  text={t("admin.catalog.delete")}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </CatalogPage>
  );
}

function MoveButton({
  id,
  parentId,
  position,
  label,
  text,
}: {
  id: number;
  parentId: number | null;
  position: number;
  label: string;
  text: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="parentId" value={parentId ?? ""} />
      <input type="hidden" name="position" value={position} />
      <button type="submit" className="button button--small" aria-label={label} title={label}>
        <span aria-hidden="true">{text}</span>
      </button>
    </Form>
  );
}
