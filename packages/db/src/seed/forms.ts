import type { BlockData, FormFieldDefinition, FormType, GoalType, Locale } from "@shop/contracts";
import type { SeedContext } from "./context.ts";

/**
 * The demo's forms in hr, en and de: the contact form (mailed to the CMS option SendEmailTo) and the
 * newsletter form (its texts and double opt-in goal serve the newsletter page), and the contact
 * form embedded at the end of the contact page.
 */

interface FormTexts {
  title: string;
  description: string;
  submitLabel: string;
  successMessage: string;
  goal?: string;
  fields: FormFieldDefinition[];
}

interface SeedForm {
  slug: string;
  type: FormType;
  goalType: GoalType | null;
  texts: Record<Locale, FormTexts>;
}

const contactFields = (labels: { name: string; email: string; phone: string; message: string }): FormFieldDefinition[] => [
  { name: "name", type: "text", label: labels.name, required: true, maxLength: 120, autocomplete: "name" },
  { name: "email", type: "email", label: labels.email, required: true, autocomplete: "email" },
  { name: "phone", type: "tel", label: labels.phone, required: false, autocomplete: "tel" },
  { name: "message", type: "textarea", label: labels.message, required: true, maxLength: 5000 },
];

const newsletterFields = (label: string): FormFieldDefinition[] => [
  { name: "email", type: "email", label, required: true, autocomplete: "email" },
];

export const DEMO_FORMS: readonly SeedForm[] = [
  {
    slug: "contact",
    type: "contactForm",
    goalType: null,
    texts: {
      hr: {
        title: "Pišite nam",
        description: "Pitanje o pranju, poklon bonu ili ponudi za vozni park? Odgovaramo u roku od jednog radnog dana.",
        submitLabel: "Pošalji poruku",
        successMessage: "Hvala! Vaša poruka je poslana. Javit ćemo vam se u roku od jednog radnog dana.",
        fields: contactFields({ name: "Ime i prezime", email: "E-mail", phone: "Telefon", message: "Poruka" }),
      },
      en: {
        title: "Write to us",
        description: "A question about a wash, a gift voucher or an offer for your fleet? We answer within one working day.",
        submitLabel: "Send message",
        successMessage: "Thank you! Your message has been sent. We will get back to you within one working day.",
        fields: contactFields({ name: "Full name", email: "E-mail", phone: "Phone", message: "Message" }),
      },
      de: {
        title: "Schreiben Sie uns",
        description:
          "Eine Frage zur Wäsche, zu Geschenkgutscheinen oder ein Angebot für Ihren Fuhrpark? Wir antworten innerhalb eines Werktags.",
        submitLabel: "Nachricht senden",
        successMessage: "Vielen Dank! Ihre Nachricht wurde gesendet. Wir melden uns innerhalb eines Werktags.",
        fields: contactFields({ name: "Vor- und Nachname", email: "E-Mail", phone: "Telefon", message: "Nachricht" }),
      },
    },
  },
  {
    slug: "newsletter",
    type: "newsletter",
    goalType: "message",
    texts: {
      hr: {
        title: "Newsletter",
        description:
          "Akcije, novi programi pranja i savjeti za njegu vozila – jednom mjesečno, bez neželjene pošte. Odjaviti se možete u svakom trenutku.",
        submitLabel: "Prijavi se",
        successMessage: "Gotovo! Poslali smo vam e-mail s poveznicom za potvrdu prijave.",
        goal: "Hvala! Prijava na newsletter je potvrđena. Prvi newsletter stiže početkom idućeg mjeseca.",
        fields: newsletterFields("E-mail"),
      },
      en: {
        title: "Newsletter",
        description: "Offers, new wash programmes and car-care tips – once a month, no spam. You can unsubscribe at any time.",
        submitLabel: "Subscribe",
        successMessage: "Done! We have sent you an e-mail with a link to confirm your subscription.",
        goal: "Thank you! Your newsletter subscription is confirmed. The first issue arrives early next month.",
        fields: newsletterFields("E-mail"),
      },
      de: {
        title: "Newsletter",
        description: "Angebote, neue Waschprogramme und Pflegetipps – einmal im Monat, ohne Spam. Sie können sich jederzeit abmelden.",
        submitLabel: "Anmelden",
        successMessage: "Fertig! Wir haben Ihnen eine E-Mail mit einem Link zur Bestätigung Ihrer Anmeldung gesendet.",
        goal: "Vielen Dank! Ihre Newsletter-Anmeldung ist bestätigt. Die erste Ausgabe kommt Anfang nächsten Monats.",
        fields: newsletterFields("E-Mail"),
      },
    },
  },
];

/** The contact page's slug in hr: its post gets the contact form block in every language. */
const CONTACT_PAGE_SLUG = "kontakt";

export async function seedForms(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  for (const form of DEMO_FORMS) {
    const row = await trx
      .insertInto("forms")
      .values({
        slug: form.slug,
        type: form.type,
        status: "published",
        send_email_to: null,
        goal_type: form.goalType,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("form_translations")
      .values(
        (Object.entries(form.texts) as [Locale, FormTexts][]).map(([language, texts]) => ({
          form_id: row.id,
          language_code: language,
          title: texts.title,
          description: texts.description,
          submit_label: texts.submitLabel,
          success_message: texts.successMessage,
          goal: texts.goal ?? null,
          fields: JSON.stringify(texts.fields),
        })),
      )
      .execute();
  }
  await appendContactForm(ctx);
}

/** Appends the contact form to every translation of the contact page (after its existing components). */
async function appendContactForm({ trx }: SeedContext): Promise<void> {
  const page = await trx
    .selectFrom("post_translations")
    .innerJoin("posts", "posts.id", "post_translations.post_id")
    .select("post_translations.post_id")
    .where("posts.post_type", "=", "page")
    .where("post_translations.language_code", "=", "hr")
    .where("post_translations.slug", "=", CONTACT_PAGE_SLUG)
    .executeTakeFirst();
  if (!page) return;
  const translations = await trx.selectFrom("post_translations").select(["id", "components"]).where("post_id", "=", page.post_id).execute();
  for (const translation of translations) {
    const components = JSON.parse(translation.components) as { id: number; template: string; data: unknown }[];
    const data: BlockData<"form"> = { form: "contact" };
    const nextId = components.reduce((max, c) => Math.max(max, c.id), 0) + 1;
    components.push({ id: nextId, template: "form", data });
    await trx
      .updateTable("post_translations")
      .set({ components: JSON.stringify(components) })
      .where("id", "=", translation.id)
      .execute();
  }
}
