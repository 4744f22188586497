import type { ConfirmEmailView, FormView, Paged, StoreDataView } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../auth/tokens.ts";
import { createTestPlatform, PUBLIC_URL, type TestPlatform } from "../../test-support.ts";
import { consentAssigned, mailTo, STAFF_INBOX, seedFormsFor, solvedCaptcha, tokenIn } from "./forms.test-support.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
  await seedFormsFor(p);
});
afterAll(() => p.close());

let seq = 0;
const newEmail = () => `posjetitelj-${++seq}-${Date.now()}@example.hr`;

const contactData = (over: Record<string, unknown> = {}) => ({
  name: "Ivana Babić",
  email: newEmail(),
  phone: "+385 91 234 5678",
  message: "Zanima me ponuda za pranje pet dostavnih vozila mjesečno.",
  ...over,
});

const storeData = (body: unknown, options: { language?: string; ip?: string } = {}) =>
  p.call<StoreDataView>("POST", "/api/v1/form/storeData", { body, ...options });

const submissionCount = async () =>
  Number(
    (
      await p.db
        .selectFrom("form_submissions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function formId(slug: string): Promise<number> {
  return (await p.db.selectFrom("forms").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

/** A published (or draft) form with only an hr translation, and optionally a double opt-in goal. */
async function createForm(
  slug: string,
  options: { status?: "draft" | "published"; goalType?: string; goal?: string; sendEmailTo?: string; fields?: unknown[] } = {},
) {
  const now = new Date().toISOString();
  const form = await p.db
    .insertInto("forms")
    .values({
      slug,
      type: "productAvailabilityForm",
      status: options.status ?? "published",
      send_email_to: options.sendEmailTo ?? null,
      goal_type: options.goalType ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await p.db
    .insertInto("form_translations")
    .values({
      form_id: form.id,
      language_code: "hr",
      title: "Upit o dostupnosti",
      description: null,
      submit_label: "Pošalji upit",
      success_message: "Hvala na upitu.",
      goal: options.goal ?? null,
      fields: JSON.stringify(
        options.fields ?? [
          { name: "email", type: "email", label: "E-mail", required: true },
          {
            name: "size",
            type: "select",
            label: "Pakiranje",
            required: true,
            options: [
              { value: "500ml", label: "500 ml" },
              { value: "1l", label: "1 l" },
            ],
          },
          { name: "newsletter", type: "checkbox", label: "Želim obavijesti", required: false },
          { name: "terms", type: "checkbox", label: "Prihvaćam uvjete", required: true },
        ],
      ),
    })
    .execute();
  return form.id;
}

describe("POST /v1/form/filter", () => {
  it("lists the published forms in the request language, without recipients or goals", async () => {
    const res = await p.call<Paged<FormView>>("POST", "/api/v1/form/filter", { body: {} });
    expect(res.status).toBe(200);
    const contact = res.body.data.records.find((f) => f.slug === "contact");
    expect(contact).toMatchObject({
      type: "contactForm",
      language: "hr",
      title: "Pišite nam",
      consentPlace: "contact",
      doubleOptIn: false,
    });
    expect(contact?.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["name", "text", true],
      ["email", "email", true],
      ["phone", "tel", false],
      ["message", "textarea", true],
    ]);
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10 });
    const json = JSON.stringify(res.body);
    expect(json).not.toContain("send_email_to");
    expect(json).not.toContain("sendEmailTo");
    expect(json).not.toContain("Prvi newsletter stiže");
  });

  it("filters by type and pages", async () => {
    const res = await p.call<Paged<FormView>>("POST", "/api/v1/form/filter", { body: { type: "newsletter" }, language: "en" });
    expect(res.body.data.records.map((f) => [f.slug, f.title, f.language, f.doubleOptIn])).toEqual([
      ["newsletter", "Newsletter", "en", true],
    ]);
    expect(res.body.data.pagination).toMatchObject({ total: 1, totalRecords: 1, lastPage: 1 });
    const page2 = await p.call<Paged<FormView>>("POST", "/api/v1/form/filter", { body: { limit: 1, page: 2 } });
    expect(page2.body.data.records).toHaveLength(1);
    expect(page2.body.data.pagination.total).toBeGreaterThanOrEqual(2);
  });

  it("leaves drafts out", async () => {
    await createForm("skica-filter", { status: "draft" });
    const res = await p.call<Paged<FormView>>("POST", "/api/v1/form/filter", { body: { limit: 100 } });
    expect(res.body.data.records.map((f) => f.slug)).not.toContain("skica-filter");
  });

  it("refuses a bad filter with a translated 400", async () => {
    const res = await p.call("POST", "/api/v1/form/filter", { body: { type: "quiz", limit: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_ERROR");
    expect(res.body.error?.payload.fields?.map((f) => f.path).sort()).toEqual(["limit", "type"]);
  });
});

describe("GET /v1/form/get/:id", () => {
  it("answers a form by slug or id, in the request language", async () => {
    const bySlug = await p.call<FormView>("GET", "/api/v1/form/get/contact", { language: "de" });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({
      slug: "contact",
      language: "de",
      title: "Schreiben Sie uns",
      submitLabel: "Nachricht senden",
    });
    expect(bySlug.body.data.fields[0]?.label).toBe("Vor- und Nachname");
    const byId = await p.call<FormView>("GET", `/api/v1/form/get/${bySlug.body.data.id}`, { language: "en" });
    expect(byId.body.data).toMatchObject({ slug: "contact", title: "Write to us" });
  });

  it("falls back to hr when the language has no translation", async () => {
    await createForm("samo-hrvatski");
    const res = await p.call<FormView>("GET", "/api/v1/form/get/samo-hrvatski", { language: "en" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ language: "hr", title: "Upit o dostupnosti" });
  });

  it("answers 404 for an unknown or draft form and 400 for a malformed reference", async () => {
    await createForm("skica", { status: "draft" });
    expect((await p.call("GET", "/api/v1/form/get/nepostojeci")).status).toBe(404);
    expect((await p.call("GET", "/api/v1/form/get/999999")).status).toBe(404);
    expect((await p.call("GET", "/api/v1/form/get/skica")).status).toBe(404);
    const bad = await p.call("GET", "/api/v1/form/get/Los%20Slug!");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.payload.message).toContain("Provjerite unesene podatke");
  });
});

describe("GET /v1/captcha/challenge", () => {
  it("answers a signed ALTCHA challenge that expires in ten minutes", async () => {
    const res = await p.call<{ provider: string; challenge: { signature: string; parameters: Record<string, unknown> } }>(
      "GET",
      "/api/v1/captcha/challenge",
    );
    expect(res.status).toBe(200);
    expect(res.body.data.provider).toBe("altcha");
    const { parameters, signature } = res.body.data.challenge;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
    const expiresIn = Number(parameters.expiresAt) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(590);
    expect(expiresIn).toBeLessThanOrEqual(600);
  });

  it("limits challenges per client address", async () => {
    const ip = "10.99.0.1";
    for (let i = 0; i < 60; i++) expect((await p.call("GET", "/api/v1/captcha/challenge", { ip })).status).toBe(200);
    const limited = await p.call("GET", "/api/v1/captcha/challenge", { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});

describe("POST /v1/form/storeData", () => {
  it("stores the submission and mails every field, escaped, to SendEmailTo", async () => {
    const data = contactData({ message: 'Pozdrav <script>alert("x")</script> & hvala', extra: "ne pripada obrascu" });
    const before = await submissionCount();
    const res = await storeData({ id: "contact", data, captcha: await solvedCaptcha(p) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ submitted: true, confirmationSent: false });
    expect(await submissionCount()).toBe(before + 1);
    const row = await p.db.selectFrom("form_submissions").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ form_id: await formId("contact"), language_code: "hr", email: data.email, confirmed_at: null });
    expect(JSON.parse(row.data)).toEqual({ name: data.name, email: data.email, phone: data.phone, message: data.message });

    const mail = await p.waitForMail((m) => mailTo(STAFF_INBOX)(m) && m.text.includes(data.email));
    expect(mail.subject).toBe(`Nova poruka s obrasca „Pišite nam” – ${p.siteName}`);
    expect(mail.text).toContain("Ime i prezime:\nIvana Babić");
    expect(mail.text).toContain(`Pošiljatelju možete odgovoriti na adresu ${data.email}.`);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; hvala");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).not.toContain("ne pripada obrascu");
  });

  it("labels the staff mail in the site's language whatever language the visitor used", async () => {
    const data = contactData();
    const res = await storeData({ id: "contact", data, captcha: await solvedCaptcha(p) }, { language: "en" });
    expect(res.status).toBe(200);
    const mail = await p.waitForMail((m) => mailTo(STAFF_INBOX)(m) && m.text.includes(data.email));
    expect(mail.text).toContain("Poruka:");
    expect(mail.text).toContain("Jezik stranice: en");
    const row = await p.db.selectFrom("form_submissions").select("language_code").where("email", "=", data.email).executeTakeFirstOrThrow();
    expect(row.language_code).toBe("en");
  });

  it("mails the form's own recipient when it has one", async () => {
    const id = await createForm("dostupnost-primatelj", { sendEmailTo: "prodaja@autopraonica.test" });
    const email = newEmail();
    const res = await storeData({ id, data: { email, size: "1l", terms: true }, captcha: await solvedCaptcha(p) });
    expect(res.status).toBe(200);
    const mail = await p.waitForMail((m) => mailTo("prodaja@autopraonica.test")(m) && m.text.includes(email));
    expect(mail.text).toContain("Pakiranje:\n1l");
    expect(mail.text).toContain("Želim obavijesti:\nNe");
    expect(mail.text).toContain("Prihvaćam uvjete:\nDa");
  });

  it("checks the data against the definition with SPEC §5 messages and stores nothing", async () => {
    const before = await submissionCount();
    const res = await storeData({ id: "contact", data: { name: "", email: "nije-adresa", message: "x".repeat(5001) } });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries((res.body.error?.payload.fields ?? []).map((f) => [f.path, f.message]));
    expect(fields).toEqual({
      "data.name": "Unos ovog polja je obavezan",
      "data.email": "Unesite ispravnu e-mail adresu",
      "data.message": "Maksimalna duljina je 5000 znakova",
    });
    expect(await submissionCount()).toBe(before);
  });

  it("checks selects, required checkboxes and phone numbers", async () => {
    const id = await createForm("dostupnost-provjera");
    const res = await storeData({ id, data: { email: newEmail(), size: "5l", terms: "off" } });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries((res.body.error?.payload.fields ?? []).map((f) => [f.path, f.key]));
    expect(fields).toEqual({ "data.size": "validation.invalid", "data.terms": "validation.required" });
    const phone = await storeData({ id: "contact", data: contactData({ phone: "zovite me" }) }, { language: "en" });
    expect(phone.body.error?.payload.fields).toEqual([
      { path: "data.phone", key: "validation.invalid", params: {}, message: "Invalid value" },
    ]);
  });

  it("refuses a malformed body with 400", async () => {
    expect((await storeData({ id: "contact" })).status).toBe(400);
    expect((await storeData({ id: "contact", data: { name: { nested: true } } })).status).toBe(400);
    expect((await storeData("{not json")).status).toBe(400);
  });

  it("is open to every visitor, but only through the site's apiKey", async () => {
    const res = await p.call("POST", "/api/v1/form/storeData", { body: { id: "contact", data: contactData() }, apiKey: null });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("INVALID_API_KEY");
    const customer = await p.login(await p.createUser());
    const loggedIn = await p.call<StoreDataView>("POST", "/api/v1/form/storeData", {
      body: { id: "contact", data: contactData(), captcha: await solvedCaptcha(p) },
      token: customer.accessToken,
    });
    expect(loggedIn.status).toBe(200);
  });

  it("answers 404 for an unknown or draft form", async () => {
    await createForm("skica-slanje", { status: "draft" });
    expect((await storeData({ id: "nema-ga", data: {} })).status).toBe(404);
    expect((await storeData({ id: "skica-slanje", data: {} })).status).toBe(404);
  });

  it("refuses a missing captcha with SPEC §8 'captcha missing', translated", async () => {
    const before = await submissionCount();
    const hr = await storeData({ id: "contact", data: contactData() });
    expect(hr.status).toBe(400);
    expect(hr.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      payload: { key: "error.captchaMissing", message: expect.stringContaining("captcha") },
    });
    expect(hr.body.error?.payload.fields?.[0]).toMatchObject({ path: "captcha", key: "error.captchaMissing" });
    const de = await storeData({ id: "contact", data: contactData(), captcha: "" }, { language: "de" });
    expect(de.body.error?.payload.message).toContain("Spam-Schutz-Prüfung");
    expect(await submissionCount()).toBe(before);
  });

  it("refuses a wrong or tampered captcha", async () => {
    const garbage = await storeData({ id: "contact", data: contactData(), captcha: "bm90IGEgcGF5bG9hZA==" });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error?.payload.key).toBe("error.captchaInvalid");
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(p), "base64").toString()) as {
      challenge: { parameters: { cost: number } };
    };
    payload.challenge.parameters.cost = 1;
    const tampered = await storeData({
      id: "contact",
      data: contactData(),
      captcha: Buffer.from(JSON.stringify(payload)).toString("base64"),
    });
    expect(tampered.body.error?.payload.key).toBe("error.captchaInvalid");
  });

  it("accepts a captcha solution once", async () => {
    const captcha = await solvedCaptcha(p);
    expect((await storeData({ id: "contact", data: contactData(), captcha })).status).toBe(200);
    const again = await storeData({ id: "contact", data: contactData(), captcha });
    expect(again.status).toBe(400);
    expect(again.body.error?.payload.key).toBe("error.captchaInvalid");
  });

  it("needs the form's required consents (SPEC §5)", async () => {
    const id = await createForm("dostupnost-privole");
    const consentId = await consentAssigned(p, "dostupnost-privole", true);
    const data = { email: newEmail(), size: "500ml", terms: "on" };
    const missing = await storeData({ id, data, captcha: await solvedCaptcha(p) });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.payload).toMatchObject({ key: "core.notifications.consentRequired" });
    expect(missing.body.error?.payload.fields?.[0]?.path).toBe(`consents.${consentId}`);
    const ok = await storeData({ id, data, consents: [consentId], captcha: await solvedCaptcha(p) });
    expect(ok.status).toBe(200);
    const row = await p.db.selectFrom("form_submissions").select("consent_ids").where("email", "=", data.email).executeTakeFirstOrThrow();
    expect(JSON.parse(row.consent_ids)).toEqual([consentId]);
  });

  it("limits submissions per client address", async () => {
    const ip = "10.99.1.1";
    for (let i = 0; i < 10; i++) expect((await storeData({ id: "contact", data: contactData() }, { ip })).status).toBe(400);
    const limited = await storeData({ id: "contact", data: contactData(), captcha: await solvedCaptcha(p) }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.payload.message).toBe("Previše pokušaja. Pokušajte ponovno za nekoliko minuta.");
  });

  it("limits submissions per e-mail address, whatever the client address", async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect((await storeData({ id: "contact", data: contactData({ email }) })).status).toBe(400);
    expect((await storeData({ id: "contact", data: contactData({ email: email.toUpperCase() }) })).status).toBe(429);
  });
});

describe("double opt-in and GET /v1/form/confirmEmail/:token", () => {
  async function submitOptIn(goalType: string, goal: string) {
    const slug = `brosura-${goalType}-${++seq}`;
    const id = await createForm(slug, { goalType, goal });
    const email = newEmail();
    const res = await storeData({ id, data: { email, size: "1l", terms: true }, captcha: await solvedCaptcha(p) });
    expect(res.status).toBe(200);
    expect(res.body.data.confirmationSent).toBe(true);
    const mail = await p.waitForMail(mailTo(email));
    return { email, mail, token: tokenIn(mail) };
  }

  it("mails the submitter a link to the confirmation page, keeps only the token's hash", async () => {
    const { email, mail, token } = await submitOptIn("file", "/media/demo/brosura.pdf");
    expect(mail.subject).toBe(`Potvrdite svoju e-mail adresu – ${p.siteName}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/potvrdi-email?token=${token}`);
    expect(mail.text).toContain("„Upit o dostupnosti”");
    expect(mail.html).toContain(`href="${PUBLIC_URL}/potvrdi-email?token=${token}"`);
    const row = await p.db.selectFrom("email_confirmations").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("confirms once and answers the goal; the submission is marked confirmed", async () => {
    const { email, token } = await submitOptIn("file", "/media/demo/brosura.pdf");
    const res = await p.call<ConfirmEmailView>("GET", `/api/v1/form/confirmEmail/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ goalType: "file", goal: "/media/demo/brosura.pdf", confirmedEmail: email });
    const row = await p.db.selectFrom("form_submissions").select("confirmed_at").where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();

    const again = await p.call("GET", `/api/v1/form/confirmEmail/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "TOKEN_INVALID", payload: { message: "Poveznica je nevažeća ili je istekla." } });
  });

  it("answers url goals too", async () => {
    const { token } = await submitOptIn("url", "/objave");
    const res = await p.call<ConfirmEmailView>("GET", `/api/v1/form/confirmEmail/${token}`);
    expect(res.body.data).toMatchObject({ goalType: "url", goal: "/objave" });
  });

  it("lets exactly one of two simultaneous confirmations win", async () => {
    const { token } = await submitOptIn("message", "Hvala!");
    const results = await Promise.all([1, 2].map(() => p.call("GET", `/api/v1/form/confirmEmail/${token}`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("refuses an expired, unknown or malformed token", async () => {
    const { token } = await submitOptIn("message", "Hvala!");
    await p.db
      .updateTable("email_confirmations")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("token_hash", "=", hashToken(token))
      .execute();
    expect((await p.call("GET", `/api/v1/form/confirmEmail/${token}`)).status).toBe(400);
    expect((await p.call("GET", "/api/v1/form/confirmEmail/nepoznat")).status).toBe(400);
    expect((await p.call("GET", `/api/v1/form/confirmEmail/${"x".repeat(201)}`)).body.error?.code).toBe("VALIDATION_ERROR");
  });
});

describe("POST /v1/contact/contactAdmin", () => {
  const message = (over: Record<string, unknown> = {}) => ({
    name: "Marko Horvat",
    email: newEmail(),
    phone: "01 555 0100",
    subject: "Reklamacija",
    message: "Pranje od jučer <b>nije</b> skinulo smolu s haube.",
    ...over,
  });

  it("stores the message as a contact form submission and mails it to SendEmailTo", async () => {
    const body = message();
    const res = await p.call<StoreDataView>("POST", "/api/v1/contact/contactAdmin", { body: { ...body, captcha: await solvedCaptcha(p) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ submitted: true, confirmationSent: false });
    const row = await p.db.selectFrom("form_submissions").selectAll().where("email", "=", body.email).executeTakeFirstOrThrow();
    expect(row.form_id).toBe(await formId("contact"));
    expect(JSON.parse(row.data)).toMatchObject({ name: body.name, subject: "Reklamacija", message: body.message });
    const mail = await p.waitForMail((m) => mailTo(STAFF_INBOX)(m) && m.text.includes(body.email));
    expect(mail.subject).toBe(`Nova poruka s obrasca „Kontakt obrazac” – ${p.siteName}`);
    expect(mail.text).toContain("Predmet:\nReklamacija");
    expect(mail.html).toContain("&lt;b&gt;nije&lt;/b&gt;");
  });

  it("refuses bad input, a missing captcha and too many messages", async () => {
    const bad = await p.call("POST", "/api/v1/contact/contactAdmin", { body: message({ email: "x", message: " " }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.payload.fields?.map((f) => [f.path, f.key])).toEqual([
      ["email", "validation.email"],
      ["message", "validation.required"],
    ]);
    const noCaptcha = await p.call("POST", "/api/v1/contact/contactAdmin", { body: message() });
    expect(noCaptcha.body.error?.payload.key).toBe("error.captchaMissing");
    const ip = "10.99.2.1";
    for (let i = 0; i < 10; i++) await p.call("POST", "/api/v1/contact/contactAdmin", { body: message(), ip });
    expect((await p.call("POST", "/api/v1/contact/contactAdmin", { body: message(), ip })).status).toBe(429);
  });
});
