import { IMAGES } from "./assets.ts";
import { LOCATIONS } from "./business.ts";
import type { SeedContext } from "./context.ts";

/** Demo events (two coming up, one past) in hr, en and de, and the demo customer's comments on blog posts. */

type Lang = "hr" | "en" | "de";

interface SeedEvent {
  /** Days from the seeding date, and the local (Zagreb) hours it runs. */
  day: number;
  from: string;
  to: string;
  location: (typeof LOCATIONS)[number];
  image: (typeof IMAGES)[keyof typeof IMAGES];
  texts: Record<Lang, { title: string; slug: string; description: string; locationName: string; imageAlt: string }>;
}

const [JANKOMIR, DUBRAVA, GORICA] = LOCATIONS as [(typeof LOCATIONS)[number], (typeof LOCATIONS)[number], (typeof LOCATIONS)[number]];

const EVENTS: readonly SeedEvent[] = [
  {
    day: 14,
    from: "10:00",
    to: "18:00",
    location: GORICA,
    image: IMAGES.gallery1,
    texts: {
      hr: {
        title: "Dan otvorenih vrata u Velikoj Gorici",
        slug: "dan-otvorenih-vrata-velika-gorica",
        locationName: "Autopraonica Zagreb – Velika Gorica",
        imageAlt: "Praonica u Velikoj Gorici s automobilom u pjeni",
        description: [
          "<p>Otvaramo vrata naše nove praonice u Velikoj Gorici! Pogledajte kako radi beskontaktna linija, upoznajte naš tim i isprobajte programe pranja po <strong>promotivnim cijenama</strong>.</p>",
          "<ul><li>besplatna kava i sok za sve posjetitelje</li><li>20 % popusta na kompletno pranje cijeli dan</li><li>savjeti za njegu laka i unutrašnjosti vozila</li></ul>",
          "<p>Ulaz je slobodan, prijava nije potrebna.</p>",
        ].join(""),
      },
      en: {
        title: "Open day in Velika Gorica",
        slug: "open-day-velika-gorica",
        locationName: "Autopraonica Zagreb – Velika Gorica",
        imageAlt: "The Velika Gorica car wash with a car covered in foam",
        description: [
          "<p>We are opening the doors of our new car wash in Velika Gorica! See the touchless line at work, meet our team and try the wash programmes at <strong>promotional prices</strong>.</p>",
          "<ul><li>free coffee and juice for every visitor</li><li>20% off the complete wash all day</li><li>tips on caring for your paint and interior</li></ul>",
          "<p>Admission is free, no registration needed.</p>",
        ].join(""),
      },
      de: {
        title: "Tag der offenen Tür in Velika Gorica",
        slug: "tag-der-offenen-tuer-velika-gorica",
        locationName: "Autopraonica Zagreb – Velika Gorica",
        imageAlt: "Die Waschanlage in Velika Gorica mit einem eingeschäumten Auto",
        description: [
          "<p>Wir öffnen die Türen unserer neuen Waschanlage in Velika Gorica! Sehen Sie die berührungslose Waschstraße in Aktion, lernen Sie unser Team kennen und testen Sie die Waschprogramme zu <strong>Aktionspreisen</strong>.</p>",
          "<ul><li>kostenloser Kaffee und Saft für alle Besucher</li><li>20 % Rabatt auf die Komplettwäsche den ganzen Tag</li><li>Tipps zur Pflege von Lack und Innenraum</li></ul>",
          "<p>Der Eintritt ist frei, keine Anmeldung erforderlich.</p>",
        ].join(""),
      },
    },
  },
  {
    day: 28,
    from: "08:00",
    to: "14:00",
    location: JANKOMIR,
    image: IMAGES.foam,
    texts: {
      hr: {
        title: "Besplatno pranje za dobrotvorne svrhe",
        slug: "besplatno-pranje-za-dobrotvorne-svrhe",
        locationName: "Autopraonica Zagreb – Jankomir",
        imageAlt: "Automobil u aktivnoj pjeni na liniji za pranje",
        description: [
          "<p>Jedno jutro peremo besplatno, a vi donirate koliko želite. Sav prikupljeni novac ide udruzi koja brine o djeci bez odgovarajuće roditeljske skrbi u Zagrebu.</p>",
          "<p>Za svaki oprani automobil dodatno doniramo <strong>2 €</strong>. Dođite, operite auto i pomozite!</p>",
        ].join(""),
      },
      en: {
        title: "Free charity wash day",
        slug: "free-charity-wash-day",
        locationName: "Autopraonica Zagreb – Jankomir",
        imageAlt: "A car in active foam on the wash line",
        description: [
          "<p>For one morning we wash for free and you donate what you like. Every euro collected goes to a Zagreb charity that looks after children without adequate parental care.</p>",
          "<p>For every car washed we add <strong>€2</strong> of our own. Come by, wash your car and help!</p>",
        ].join(""),
      },
      de: {
        title: "Kostenlose Autowäsche für einen guten Zweck",
        slug: "kostenlose-autowaesche-guter-zweck",
        locationName: "Autopraonica Zagreb – Jankomir",
        imageAlt: "Ein Auto im Aktivschaum in der Waschstraße",
        description: [
          "<p>Einen Vormittag lang waschen wir kostenlos, und Sie spenden, so viel Sie möchten. Das gesamte gesammelte Geld geht an einen Zagreber Verein, der sich um Kinder ohne angemessene elterliche Fürsorge kümmert.</p>",
          "<p>Für jedes gewaschene Auto legen wir <strong>2 €</strong> dazu. Kommen Sie vorbei, waschen Sie Ihr Auto und helfen Sie mit!</p>",
        ].join(""),
      },
    },
  },
  {
    day: -21,
    from: "17:00",
    to: "19:00",
    location: DUBRAVA,
    image: IMAGES.gallery3,
    texts: {
      hr: {
        title: "Radionica: zimska njega automobila",
        slug: "radionica-zimska-njega-automobila",
        locationName: "Autopraonica Zagreb – Dubrava",
        imageAlt: "Djelatnik pokazuje njegu laka",
        description:
          "<p>Kako zaštititi lak od soli i zašto je pranje podvozja zimi važno? Na besplatnoj radionici naši su stručnjaci pokazali osnove zimske njege automobila.</p>",
      },
      en: {
        title: "Workshop: winter car care",
        slug: "workshop-winter-car-care",
        locationName: "Autopraonica Zagreb – Dubrava",
        imageAlt: "A staff member demonstrating paint care",
        description:
          "<p>How do you protect the paint from road salt and why does washing the underbody matter in winter? At a free workshop our specialists showed the basics of winter car care.</p>",
      },
      de: {
        title: "Workshop: Autopflege im Winter",
        slug: "workshop-autopflege-im-winter",
        locationName: "Autopraonica Zagreb – Dubrava",
        imageAlt: "Ein Mitarbeiter zeigt die Lackpflege",
        description:
          "<p>Wie schützt man den Lack vor Streusalz und warum ist die Unterbodenwäsche im Winter wichtig? In einem kostenlosen Workshop zeigten unsere Fachleute die Grundlagen der Autopflege im Winter.</p>",
      },
    },
  },
];

/** Offset of Europe/Zagreb at an instant, as "+01:00" or "+02:00". */
function zagrebOffset(instant: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Zagreb", timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName")?.value;
  return /GMT([+-]\d{2}:\d{2})/.exec(name ?? "")?.[1] ?? "+01:00";
}

/** The UTC ISO time of a local Zagreb clock time, `days` after the seeding day. */
function zagrebTime(now: string, days: number, clock: string): string {
  const date = new Date(Date.parse(now) + days * 86_400_000).toISOString().slice(0, 10);
  const offset = zagrebOffset(new Date(`${date}T12:00:00Z`));
  return new Date(`${date}T${clock}:00${offset}`).toISOString();
}

const COMMENTS_BY_CUSTOMER = [
  "Bio sam prošli tjedan na kompletnom pranju – auto izgleda kao nov, a unutrašnjost miriše. Preporuka!",
  "Korisni savjeti, hvala! Jedva čekam sljedeću objavu.",
];

export async function seedEvents(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  for (const event of EVENTS) {
    const row = await trx
      .insertInto("events")
      .values({
        status: "published",
        starts_at: zagrebTime(now, event.day, event.from),
        ends_at: zagrebTime(now, event.day, event.to),
        image_src: event.image.src,
        image_width: event.image.width,
        image_height: event.image.height,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("event_translations")
      .values(
        (Object.entries(event.texts) as [Lang, SeedEvent["texts"][Lang]][]).map(([lang, text]) => ({
          event_id: row.id,
          language_code: lang,
          slug: text.slug,
          title: text.title,
          description: text.description,
          location_name: text.locationName,
          location_address: event.location.address,
          image_alt: text.imageAlt,
        })),
      )
      .execute();
  }

  // Comments need blog posts (seeded by the CMS seed before this one); without any, there are none.
  const posts = await trx
    .selectFrom("posts")
    .select("id")
    .where("post_type", "=", "post")
    .where("status", "=", "published")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(COMMENTS_BY_CUSTOMER.length)
    .execute();
  const customerId = ctx.users?.customerId;
  if (posts.length === 0 || !customerId) return;
  await trx
    .insertInto("comments")
    .values(
      posts.map((post, i) => ({
        post_id: post.id,
        user_id: customerId,
        content: COMMENTS_BY_CUSTOMER[i] ?? "",
        published: 1,
        // OneUserOneComment is on in the demo: one comment per post and user.
        single_author: customerId,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
