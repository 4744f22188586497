import type { Executor } from "@shop/db";

/** Staff's inbox of form submissions (issue 12), newest first. */
function submissions(db: Executor, formId: number | undefined) {
  return db.selectFrom("form_submissions").$if(formId !== undefined, (q) => q.where("form_submissions.form_id", "=", formId ?? 0));
}

export async function countSubmissions(db: Executor, formId: number | undefined): Promise<number> {
  const row = await submissions(db, formId)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageSubmissions(db: Executor, formId: number | undefined, offset: number, limit: number) {
  return submissions(db, formId)
    .leftJoin("forms", "forms.id", "form_submissions.form_id")
    .select([
      "form_submissions.id",
      "form_submissions.form_id",
      "forms.slug",
      "form_submissions.email",
      "form_submissions.data",
      "form_submissions.confirmed_at",
      "form_submissions.created_at",
    ])
    .orderBy("form_submissions.created_at", "desc")
    .orderBy("form_submissions.id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}
