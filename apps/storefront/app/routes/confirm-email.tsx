import { GOAL_NOT_DEFINED, GOAL_TYPES, type GoalType, localeFromPath } from "@shop/contracts";
import { api } from "@shop/contracts/api";
import { translator } from "@shop/i18n";
import { useEffect, useState } from "react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { shopContext } from "../context.ts";
import { ownPath } from "../features/cms-forms/own-path.ts";
import { failureStatus, failureText } from "../features/errors/platform-failure.ts";
import { platformFor } from "../platform.server.ts";
import { usePath, useT } from "../ui/i18n.tsx";
import { Notice } from "../ui/notice.tsx";
import type { Route } from "./+types/confirm-email";
import "../styles/forms.css";

/** How long the 'redirecting' message stays before a url goal is opened. */
const REDIRECT_DELAY_MS = 1500;

const isGoalType = (value: string | null): value is GoalType => (GOAL_TYPES as readonly string[]).includes(value ?? "");
const emailShape = z.email().max(254);

type ConfirmData =
  | { kind: "missing" }
  | { kind: "failed"; message: string }
  | { kind: "unsafe" }
  | { kind: "goal"; goalType: GoalType; goal: string; confirmedEmail: string | null };

/**
 * SPEC §2/§4 e-mail confirmation page. The link in the e-mail carries the single-use token: it is
 * confirmed through the platform and the visitor lands on the page's SPEC form, with goalType, goal
 * and confirmedEmail in the query (a reload then does not spend the token again).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const token = url.searchParams.get("token");
  if (token) {
    const result = await platformFor(context, request, locale).call(api.forms.confirmEmail, { params: { token } });
    if (!result.ok) return data<ConfirmData>({ kind: "failed", message: failureText(result, t) }, { status: failureStatus(result) });
    const { goalType, goal, confirmedEmail } = result.data;
    throw redirect(`${url.pathname}?${new URLSearchParams({ goalType, goal, confirmedEmail })}`, 303);
  }
  const goalType = url.searchParams.get("goalType");
  const goal = url.searchParams.get("goal")?.trim().slice(0, 500) ?? "";
  // SPEC §8: without its goal the page is a 404 with exactly this message.
  if (!isGoalType(goalType) || !goal) return data<ConfirmData>({ kind: "missing" }, { status: 404 });
  const email = url.searchParams.get("confirmedEmail");
  const confirmedEmail = email && emailShape.safeParse(email).success ? email : null;
  if (goalType === "message") return data<ConfirmData>({ kind: "goal", goalType, goal, confirmedEmail });
  const target = ownPath(goal, context.get(shopContext).publicUrl);
  if (!target) return data<ConfirmData>({ kind: "unsafe" }, { status: 400 });
  return data<ConfirmData>({ kind: "goal", goalType, goal: target, confirmedEmail });
}

/** SPEC §7: a file goal is fetched as a blob and saved under its own name. */
async function download(path: string): Promise<void> {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = decodeURIComponent(path.split(/[?#]/)[0]?.split("/").pop() || "download");
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function GoalAction({ goalType, goal }: { goalType: GoalType; goal: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (goalType === "file") {
      download(goal).catch(() => setFailed(true));
      return;
    }
    if (goalType !== "url") return;
    const timer = setTimeout(() => window.location.assign(goal), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [goalType, goal]);

  if (goalType === "message") return <p className="confirm-page__goal">{goal}</p>;
  if (goalType === "url") {
    return (
      <>
        <p role="status">{t("forms.confirm.redirecting")}</p>
        <a href={goal} className="button">
          {t("forms.confirm.continue")}
        </a>
      </>
    );
  }
  return (
    <>
      {failed ? <Notice kind="error">{t("error.downloadFailed")}</Notice> : <p role="status">{t("forms.confirm.downloading")}</p>}
      <a href={goal} download className="button">
        {t("forms.confirm.downloadLink")}
      </a>
    </>
  );
}

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const path = usePath();
  const title = t("forms.confirm.title");
  const head = (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
  if (loaderData.kind === "missing" || loaderData.kind === "unsafe") {
    const status = loaderData.kind === "missing" ? 404 : 400;
    return (
      <section className="status-page" aria-labelledby="status-title">
        {head}
        <p className="status-page__eyebrow">
          <span className="status-page__code">{status}</span> {t("error.eyebrow")}
        </p>
        <h1 id="status-title">{title}</h1>
        <p className="status-page__text">{t(loaderData.kind === "missing" ? "forms.confirm.goalMissing" : "forms.confirm.invalidGoal")}</p>
        {loaderData.kind === "missing" ? (
          <p className="confirm-page__detail" lang="en">
            {GOAL_NOT_DEFINED}
          </p>
        ) : null}
        <Link to={path("content")} className="button">
          {t("notFound.home")}
        </Link>
      </section>
    );
  }
  return (
    <section className="confirm-page container container--narrow" aria-labelledby="confirm-title">
      {head}
      <div className="cms-form__card">
        <h1 id="confirm-title">{title}</h1>
        {loaderData.kind === "failed" ? (
          <>
            <Notice kind="error">{loaderData.message}</Notice>
            <Link to={path("content")} className="button">
              {t("notFound.home")}
            </Link>
          </>
        ) : (
          <>
            {loaderData.confirmedEmail ? (
              <Notice kind="success">{t("forms.confirm.emailConfirmed", { email: loaderData.confirmedEmail })}</Notice>
            ) : (
              <Notice kind="info">{t("forms.confirm.confirmEmail")}</Notice>
            )}
            <GoalAction goalType={loaderData.goalType} goal={loaderData.goal} />
          </>
        )}
      </div>
    </section>
  );
}
