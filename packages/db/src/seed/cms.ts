import type { BlockData, ImageData, Locale } from "@shop/contracts";
import { type DemoImage, IMAGES } from "./assets.ts";
import type { SeedContext } from "./context.ts";

/**
 * Demo rows of the blog: post type titles, the three blog categories, eighteen posts in hr, en and
 * de spread over the last six months, a 'latest posts' section on the home page and one redirect.
 */

type Text = Record<Locale, string>;
type TermKey = "tips" | "news" | "ecology";

const TERMS: Record<TermKey, { position: number; slug: Text; title: Text; description: Text }> = {
  tips: {
    position: 1,
    slug: { hr: "savjeti", en: "care-tips", de: "pflegetipps" },
    title: { hr: "Savjeti za njegu", en: "Care tips", de: "Pflegetipps" },
    description: {
      hr: "Kako prati, zaštititi i održavati automobil između dva posjeta autopraonici.",
      en: "How to wash, protect and look after your car between two visits to the car wash.",
      de: "Wie Sie Ihr Auto zwischen zwei Besuchen in der Waschanlage waschen, schützen und pflegen.",
    },
  },
  news: {
    position: 2,
    slug: { hr: "novosti", en: "news", de: "neuigkeiten" },
    title: { hr: "Novosti", en: "News", de: "Neuigkeiten" },
    description: {
      hr: "Nove lokacije, usluge i pogodnosti Autopraonice Zagreb.",
      en: "New locations, services and benefits at Autopraonica Zagreb.",
      de: "Neue Standorte, Leistungen und Vorteile der Autopraonica Zagreb.",
    },
  },
  ecology: {
    position: 3,
    slug: { hr: "ekologija", en: "ecology", de: "oekologie" },
    title: { hr: "Ekologija", en: "Ecology", de: "Ökologie" },
    description: {
      hr: "Kako štedimo vodu i energiju te koja sredstva koristimo.",
      en: "How we save water and energy, and which products we use.",
      de: "Wie wir Wasser und Energie sparen und welche Mittel wir verwenden.",
    },
  },
};

interface PostText {
  slug: string;
  title: string;
  /** HTML of the post (legacy display). */
  body: string;
}

interface SeedPost {
  daysAgo: number;
  terms: TermKey[];
  image?: { img: DemoImage; alt: Text };
  text: Record<Locale, PostText>;
}

const PRICES = { hr: "/cjenik", en: "/en/price-list", de: "/de/preisliste" } as const;
const CONTACT = { hr: "/kontakt", en: "/en/contact", de: "/de/kontakt" } as const;
const SHOP = { hr: "/shop", en: "/en/shop", de: "/de/shop" } as const;
const EU = { hr: "/eu-projekt", en: "/en/eu-project", de: "/de/eu-projekt" } as const;

const POSTS: SeedPost[] = [
  {
    daysAgo: 2,
    terms: ["tips"],
    image: {
      img: IMAGES.gallery2,
      alt: {
        hr: "Ručno sušenje automobila mikrofibrom",
        en: "Drying a car by hand with microfibre",
        de: "Trocknen eines Autos von Hand mit Mikrofaser",
      },
    },
    text: {
      hr: {
        slug: "zimska-sol-i-podvozje",
        title: "Zimska sol i podvozje: zašto je pranje zimi važnije nego ljeti",
        body: `<p>Sol kojom se zimi posipaju ceste topi led, ali se zajedno s vlagom i blatom lijepi za podvozje, pragove i kočnice. Tamo, gdje je ne vidimo, najbrže potiče hrđu.</p><h2>Koliko često prati auto zimi?</h2><p>Kad su ceste posute solju, preporučujemo pranje svakih deset do četrnaest dana, a obavezno nakon dužeg puta po snijegu. Najvažnije je isprati podvozje i prostor oko kotača – zato zimi odaberite <strong>Premium pranje</strong> koje uključuje pranje podvozja.</p><ul><li>Perite kad je temperatura iznad nule, da se voda ne zaledi u bravama i brtvama.</li><li>Nakon pranja kratko provozajte automobil i nekoliko puta lagano zakočite kako bi se diskovi osušili.</li><li>Gumene brtve vrata premažite silikonom da se ne zalijepe preko noći.</li></ul><p>Cijene svih programa pronaći ćete u <a href="${PRICES.hr}">cjeniku</a>.</p>`,
      },
      en: {
        slug: "winter-salt-and-underbody",
        title: "Winter salt and your car's underbody: why washing matters more in winter",
        body: `<p>The salt spread on roads in winter melts the ice, but together with moisture and slush it sticks to the underbody, the sills and the brakes. There, out of sight, it speeds up rust the most.</p><h2>How often should you wash your car in winter?</h2><p>While the roads are salted we recommend a wash every ten to fourteen days, and always after a longer drive through snow. Rinsing the underbody and the wheel arches matters most – so in winter choose the <strong>Premium wash</strong>, which includes underbody cleaning.</p><ul><li>Wash when it is above freezing, so water does not freeze in the locks and seals.</li><li>After the wash, drive a little and brake gently a few times to dry the discs.</li><li>Treat the rubber door seals with silicone so they do not stick overnight.</li></ul><p>You will find the prices of all programmes in our <a href="${PRICES.en}">price list</a>.</p>`,
      },
      de: {
        slug: "streusalz-und-unterboden",
        title: "Streusalz und Unterboden: Warum die Autowäsche im Winter wichtiger ist als im Sommer",
        body: `<p>Das Streusalz auf winterlichen Straßen taut das Eis, setzt sich aber zusammen mit Feuchtigkeit und Schneematsch am Unterboden, an den Schwellern und an den Bremsen fest. Dort, wo man es nicht sieht, fördert es am schnellsten Rost.</p><h2>Wie oft sollte man das Auto im Winter waschen?</h2><p>Solange gestreut wird, empfehlen wir eine Wäsche alle zehn bis vierzehn Tage und auf jeden Fall nach einer längeren Fahrt durch Schnee. Am wichtigsten ist es, den Unterboden und die Radkästen abzuspülen – wählen Sie im Winter deshalb die <strong>Premium-Wäsche</strong> mit Unterbodenwäsche.</p><ul><li>Waschen Sie bei Plusgraden, damit das Wasser nicht in Schlössern und Dichtungen gefriert.</li><li>Fahren Sie nach der Wäsche ein Stück und bremsen Sie einige Male sanft, damit die Bremsscheiben trocknen.</li><li>Behandeln Sie die Türdichtungen mit Silikon, damit sie über Nacht nicht festfrieren.</li></ul><p>Die Preise aller Programme finden Sie in unserer <a href="${PRICES.de}">Preisliste</a>.</p>`,
      },
    },
  },
  {
    daysAgo: 8,
    terms: ["tips"],
    image: {
      img: IMAGES.foam,
      alt: {
        hr: "Gusta bijela pjena aktivnog šampona na laku",
        en: "Thick white active foam on the paint",
        de: "Dichter weißer Aktivschaum auf dem Lack",
      },
    },
    text: {
      hr: {
        slug: "cistoca-koja-traje",
        title: "Čistoća koja traje: kako održati auto sjajnim",
        body: `<p>Sjajan automobil ne ovisi samo o dobrom pranju, nego i o onome što radite između dva pranja. S nekoliko jednostavnih navika čistoća traje i do dva tjedna dulje.</p><h2>Pet navika za dugotrajan sjaj</h2><ol><li><strong>Perite redovito</strong> – prljavština koja stoji tjednima veže se za lak i teže se uklanja.</li><li><strong>Zaštitite lak voskom</strong> – tanak sloj voska odbija vodu i prašinu, pa se auto sporije prlja.</li><li><strong>Ne brišite prašinu suhom krpom</strong> – sitna zrnca pijeska pritom grebu lak.</li><li><strong>Parkirajte pametno</strong> – izbjegavajte mjesta ispod stabala koja kapaju smolu.</li><li><strong>Očistite interijer jednom mjesečno</strong> – čista stakla s unutarnje strane jednako su važna kao i vanjska.</li></ol><p>Za dugotrajnu zaštitu preporučujemo Standardno ili Premium pranje s voskom. Sve programe i cijene pronaći ćete u <a href="${PRICES.hr}">cjeniku</a>.</p>`,
      },
      en: {
        slug: "lasting-cleanliness",
        title: "Cleanliness that lasts: how to keep your car shining",
        body: `<p>A shiny car depends not only on a good wash but also on what you do between two washes. With a few simple habits the clean look lasts up to two weeks longer.</p><h2>Five habits for a lasting shine</h2><ol><li><strong>Wash regularly</strong> – dirt that sits for weeks bonds with the paint and is harder to remove.</li><li><strong>Protect the paint with wax</strong> – a thin layer of wax repels water and dust, so the car gets dirty more slowly.</li><li><strong>Never wipe dust off with a dry cloth</strong> – the fine grains of sand scratch the paint.</li><li><strong>Park wisely</strong> – avoid spots under trees that drip resin.</li><li><strong>Clean the interior once a month</strong> – clean windows on the inside matter as much as on the outside.</li></ol><p>For lasting protection we recommend the Standard or Premium wash with wax. You will find all programmes and prices in our <a href="${PRICES.en}">price list</a>.</p>`,
      },
      de: {
        slug: "sauberkeit-die-bleibt",
        title: "Sauberkeit, die bleibt: So glänzt Ihr Auto länger",
        body: `<p>Ein glänzendes Auto hängt nicht nur von einer guten Wäsche ab, sondern auch davon, was Sie zwischen zwei Wäschen tun. Mit ein paar einfachen Gewohnheiten hält die Sauberkeit bis zu zwei Wochen länger.</p><h2>Fünf Gewohnheiten für langen Glanz</h2><ol><li><strong>Regelmäßig waschen</strong> – Schmutz, der wochenlang liegt, verbindet sich mit dem Lack und lässt sich schwerer entfernen.</li><li><strong>Den Lack mit Wachs schützen</strong> – eine dünne Wachsschicht weist Wasser und Staub ab, das Auto verschmutzt langsamer.</li><li><strong>Staub nie mit einem trockenen Tuch abwischen</strong> – feine Sandkörner zerkratzen dabei den Lack.</li><li><strong>Klug parken</strong> – meiden Sie Plätze unter Bäumen, von denen Harz tropft.</li><li><strong>Den Innenraum einmal im Monat reinigen</strong> – saubere Scheiben innen sind genauso wichtig wie außen.</li></ol><p>Für dauerhaften Schutz empfehlen wir die Standard- oder Premium-Wäsche mit Wachs. Alle Programme und Preise finden Sie in unserer <a href="${PRICES.de}">Preisliste</a>.</p>`,
      },
    },
  },
  {
    daysAgo: 14,
    terms: ["news"],
    text: {
      hr: {
        slug: "clanska-kartica",
        title: "Članska kartica: 10 % popusta na svako pranje",
        body: `<p>Perete auto barem jednom mjesečno? S našom besplatnom članskom karticom na svaki program pranja ostvarujete <strong>10 % popusta</strong>, na sve tri lokacije.</p><h2>Kako do kartice?</h2><p>Karticu dobivate na blagajni bilo koje lokacije uz prvo pranje – potrebno je samo ime i e-mail adresa. Broj ispod barkoda zatim možete upisati u svoj korisnički račun u web trgovini pa se članske cijene primjenjuju i na kupnju proizvoda za njegu.</p><ul><li>popust vrijedi za sve programe pranja i čišćenja interijera</li><li>kartica je besplatna i ne istječe</li><li>izgubljenu karticu zamijenit ćemo bez naknade</li></ul><p>Pitanja o kartici slobodno postavite osoblju na <a href="${CONTACT.hr}">lokacijama</a>.</p>`,
      },
      en: {
        slug: "membership-card",
        title: "Membership card: 10% off every wash",
        body: `<p>Do you wash your car at least once a month? With our free membership card you get <strong>10% off</strong> every wash programme, at all three locations.</p><h2>How do I get a card?</h2><p>Ask for the card at the till of any location with your first wash – all we need is your name and e-mail address. You can then enter the number below the barcode in your account in the web shop, so member prices also apply to car-care products.</p><ul><li>the discount applies to all wash and interior cleaning programmes</li><li>the card is free and does not expire</li><li>we replace a lost card free of charge</li></ul><p>Feel free to ask our staff at the <a href="${CONTACT.en}">locations</a> about the card.</p>`,
      },
      de: {
        slug: "mitgliedskarte",
        title: "Mitgliedskarte: 10 % Rabatt auf jede Wäsche",
        body: `<p>Sie waschen Ihr Auto mindestens einmal im Monat? Mit unserer kostenlosen Mitgliedskarte erhalten Sie <strong>10 % Rabatt</strong> auf jedes Waschprogramm, an allen drei Standorten.</p><h2>Wie bekomme ich die Karte?</h2><p>Die Karte erhalten Sie bei Ihrer ersten Wäsche an der Kasse jedes Standorts – wir brauchen nur Ihren Namen und Ihre E-Mail-Adresse. Die Nummer unter dem Barcode können Sie dann in Ihrem Konto im Webshop eintragen, damit die Mitgliederpreise auch beim Kauf von Pflegeprodukten gelten.</p><ul><li>der Rabatt gilt für alle Wasch- und Innenreinigungsprogramme</li><li>die Karte ist kostenlos und läuft nicht ab</li><li>eine verlorene Karte ersetzen wir kostenlos</li></ul><p>Fragen zur Karte beantwortet gern unser Personal an den <a href="${CONTACT.de}">Standorten</a>.</p>`,
      },
    },
  },
  {
    daysAgo: 21,
    terms: ["tips"],
    text: {
      hr: {
        slug: "brisaci-i-stakla",
        title: "Brisači i stakla: jasna vidljivost kad dani postanu kraći",
        body: `<p>U jesen i zimu vozimo više po mraku, kiši i magli, a tada svaka mrlja na staklu smeta dvostruko. Zamagljeno ili masno vjetrobransko staklo razlog je zbog kojeg nas zaslijepe svjetla vozila iz suprotnog smjera.</p><h2>Što provjeriti?</h2><ul><li><strong>Metlice brisača</strong> mijenjajte svakih šest do dvanaest mjeseci – ako ostavljaju pruge ili škripe, vrijeme je za nove.</li><li><strong>Tekućinu za pranje stakala</strong> zamijenite zimskom prije prvog mraza.</li><li><strong>Unutarnju stranu stakla</strong> očistite čistom mikrofibrom i sredstvom bez silikona.</li></ul><p>Pri svakom programu pranja ispiremo stakla demineraliziranom vodom, pa na njima ne ostaju tragovi kamenca. U programu Čišćenje interijera peremo i stakla s unutarnje strane.</p>`,
      },
      en: {
        slug: "wipers-and-windows",
        title: "Wipers and windows: clear vision when the days get shorter",
        body: `<p>In autumn and winter we drive more often in the dark, in rain and fog, and every smear on the glass is twice as distracting. A misted or greasy windscreen is why the headlights of oncoming cars dazzle us.</p><h2>What to check</h2><ul><li>Replace the <strong>wiper blades</strong> every six to twelve months – if they leave streaks or squeak, it is time for new ones.</li><li>Switch to a <strong>winter screen wash</strong> before the first frost.</li><li>Clean the <strong>inside of the windscreen</strong> with a clean microfibre cloth and a silicone-free cleaner.</li></ul><p>Every wash programme rinses the windows with demineralised water, so no limescale marks are left. The Interior cleaning programme also cleans the windows on the inside.</p>`,
      },
      de: {
        slug: "wischer-und-scheiben",
        title: "Wischer und Scheiben: klare Sicht, wenn die Tage kürzer werden",
        body: `<p>Im Herbst und Winter fahren wir öfter im Dunkeln, bei Regen und Nebel, und jeder Schleier auf der Scheibe stört doppelt. Eine beschlagene oder schmierige Windschutzscheibe ist der Grund, warum uns entgegenkommende Scheinwerfer blenden.</p><h2>Was Sie prüfen sollten</h2><ul><li>Wechseln Sie die <strong>Wischerblätter</strong> alle sechs bis zwölf Monate – wenn sie Streifen hinterlassen oder quietschen, ist es Zeit für neue.</li><li>Füllen Sie vor dem ersten Frost <strong>Winter-Scheibenreiniger</strong> ein.</li><li>Reinigen Sie die <strong>Scheibe innen</strong> mit einem sauberen Mikrofasertuch und einem silikonfreien Mittel.</li></ul><p>Bei jedem Waschprogramm spülen wir die Scheiben mit demineralisiertem Wasser, sodass keine Kalkflecken zurückbleiben. Im Programm Innenreinigung reinigen wir die Scheiben auch von innen.</p>`,
      },
    },
  },
  {
    daysAgo: 28,
    terms: ["ecology"],
    text: {
      hr: {
        slug: "potrosnja-vode-po-pranju",
        title: "Manje vode, isti sjaj: koliko vode trošimo po pranju",
        body: `<p>Pranje automobila u dvorištu crijevom lako potroši 200 litara pitke vode, a prljava voda s uljem i deterdžentom završi u tlu. U našim linijama za jedno pranje trošimo prosječno <strong>45 litara svježe vode</strong>.</p><h2>Kako to postižemo?</h2><p>Visokotlačne mlaznice troše manje vode, a najveći dio vode od pranja skupljamo, pročišćavamo i ponovno koristimo za predpranje i pranje četkama. Svježa, demineralizirana voda potrebna je samo za završno ispiranje.</p><p>Potrošnju mjerimo na svakoj lokaciji i objavljujemo je jednom godišnje. Dio opreme nabavili smo u sklopu <a href="${EU.hr}">EU projekta „Zelena autopraonica“</a>.</p>`,
      },
      en: {
        slug: "water-use-per-wash",
        title: "Less water, the same shine: how much water one wash takes",
        body: `<p>Washing a car in the driveway with a hose easily uses 200 litres of drinking water, and the dirty water with oil and detergent ends up in the soil. Our wash lines use an average of <strong>45 litres of fresh water</strong> per wash.</p><h2>How do we do it?</h2><p>High-pressure nozzles use less water, and most of the wash water is collected, cleaned and reused for the pre-wash and the brush wash. Fresh, demineralised water is only needed for the final rinse.</p><p>We measure consumption at every location and publish it once a year. Part of the equipment was bought within the <a href="${EU.en}">EU project "Green car wash"</a>.</p>`,
      },
      de: {
        slug: "wasserverbrauch-pro-waesche",
        title: "Weniger Wasser, gleicher Glanz: So viel Wasser braucht eine Wäsche",
        body: `<p>Wer sein Auto in der Einfahrt mit dem Schlauch wäscht, verbraucht schnell 200 Liter Trinkwasser, und das schmutzige Wasser mit Öl und Reinigungsmittel landet im Boden. In unseren Waschstraßen verbrauchen wir pro Wäsche durchschnittlich <strong>45 Liter Frischwasser</strong>.</p><h2>Wie schaffen wir das?</h2><p>Hochdruckdüsen brauchen weniger Wasser, und der größte Teil des Waschwassers wird gesammelt, gereinigt und für die Vorwäsche und die Bürstenwäsche wiederverwendet. Frisches, demineralisiertes Wasser brauchen wir nur für die Schlussspülung.</p><p>Den Verbrauch messen wir an jedem Standort und veröffentlichen ihn einmal im Jahr. Ein Teil der Anlagen wurde im Rahmen des <a href="${EU.de}">EU-Projekts „Grüne Waschanlage“</a> angeschafft.</p>`,
      },
    },
  },
  {
    daysAgo: 35,
    terms: ["tips"],
    text: {
      hr: {
        slug: "smola-lisce-i-ptice",
        title: "Smola, lišće i ptičji izmet: što s laka ukloniti odmah",
        body: `<p>Neke mrlje mogu pričekati sljedeće pranje, a neke ne. Ptičji izmet i smola sadrže kiseline koje za toplih dana već za nekoliko sati ostave mutan trag na laku.</p><h2>Kako ih sigurno ukloniti?</h2><ul><li>Mrlju najprije natopite vodom ili sredstvom za uklanjanje kukaca i pričekajte minutu-dvije.</li><li>Obrišite je mekom mikrofibrom jednim potezom, bez trljanja.</li><li>Mokro lišće ne ostavljajte na haubi i u odvodima ispod vjetrobranskog stakla – zadržava vlagu i ostavlja tragove tanina.</li></ul><p>Ako se mrlja već urezala u lak, pomoći će strojno poliranje – termin možete dogovoriti na bilo kojoj <a href="${CONTACT.hr}">lokaciji</a>.</p>`,
      },
      en: {
        slug: "resin-leaves-and-bird-droppings",
        title: "Resin, leaves and bird droppings: what to remove from the paint straight away",
        body: `<p>Some stains can wait for the next wash, others cannot. Bird droppings and tree resin contain acids that leave a dull mark on the paint within a few hours on a warm day.</p><h2>How to remove them safely</h2><ul><li>First soak the stain with water or an insect remover and wait a minute or two.</li><li>Wipe it off with a soft microfibre cloth in one stroke, without rubbing.</li><li>Do not leave wet leaves on the bonnet or in the drains below the windscreen – they hold moisture and leave tannin marks.</li></ul><p>If a stain has already etched the paint, machine polishing helps – you can book it at any of our <a href="${CONTACT.en}">locations</a>.</p>`,
      },
      de: {
        slug: "harz-laub-und-vogelkot",
        title: "Harz, Laub und Vogelkot: Was sofort vom Lack muss",
        body: `<p>Manche Flecken können bis zur nächsten Wäsche warten, andere nicht. Vogelkot und Baumharz enthalten Säuren, die an warmen Tagen schon nach wenigen Stunden matte Spuren im Lack hinterlassen.</p><h2>So entfernen Sie sie sicher</h2><ul><li>Weichen Sie den Fleck zuerst mit Wasser oder Insektenentferner ein und warten Sie ein, zwei Minuten.</li><li>Wischen Sie ihn mit einem weichen Mikrofasertuch in einem Zug ab, ohne zu reiben.</li><li>Lassen Sie nasses Laub nicht auf der Motorhaube und in den Abläufen unter der Windschutzscheibe liegen – es hält Feuchtigkeit und hinterlässt Gerbstoffflecken.</li></ul><p>Hat sich ein Fleck bereits in den Lack geätzt, hilft eine Maschinenpolitur – einen Termin vereinbaren Sie an jedem unserer <a href="${CONTACT.de}">Standorte</a>.</p>`,
      },
    },
  },
  {
    daysAgo: 43,
    terms: ["news"],
    text: {
      hr: {
        slug: "poklon-bonovi-u-web-trgovini",
        title: "Poklon bonovi sada i u web trgovini",
        body: `<p>Tražite praktičan poklon za nekoga tko vozi? Poklon bonove od <strong>20, 50 i 100 €</strong> od sada možete kupiti i u našoj web trgovini – bez odlaska na lokaciju.</p><p>Nakon plaćanja bon stiže na vašu e-mail adresu kao PDF s jedinstvenim kodom, spreman za ispis ili prosljeđivanje. Iskoristiti se može na bilo kojoj od tri lokacije, za sve programe pranja i njege, a vrijedi godinu dana od kupnje.</p><p>Bonove pronaći ćete u <a href="${SHOP.hr}">web trgovini</a>.</p>`,
      },
      en: {
        slug: "gift-vouchers-online",
        title: "Gift vouchers now in the web shop too",
        body: `<p>Looking for a practical present for someone who drives? Gift vouchers worth <strong>€20, €50 and €100</strong> can now also be bought in our web shop – no need to visit a location.</p><p>After payment the voucher arrives in your inbox as a PDF with a unique code, ready to print or forward. It can be used at any of our three locations for all wash and care programmes and is valid for one year from purchase.</p><p>You will find the vouchers in the <a href="${SHOP.en}">web shop</a>.</p>`,
      },
      de: {
        slug: "geschenkgutscheine-online",
        title: "Geschenkgutscheine jetzt auch im Webshop",
        body: `<p>Sie suchen ein praktisches Geschenk für jemanden, der Auto fährt? Geschenkgutscheine über <strong>20, 50 und 100 €</strong> können Sie ab sofort auch in unserem Webshop kaufen – ganz ohne Besuch am Standort.</p><p>Nach der Zahlung kommt der Gutschein als PDF mit einem eindeutigen Code per E-Mail, bereit zum Ausdrucken oder Weiterleiten. Er gilt an allen drei Standorten für alle Wasch- und Pflegeprogramme und ist ab Kauf ein Jahr gültig.</p><p>Die Gutscheine finden Sie im <a href="${SHOP.de}">Webshop</a>.</p>`,
      },
    },
  },
  {
    daysAgo: 51,
    terms: ["tips"],
    image: {
      img: IMAGES.gallery3,
      alt: { hr: "Čišćenje interijera automobila", en: "Cleaning a car's interior", de: "Reinigung des Innenraums eines Autos" },
    },
    text: {
      hr: {
        slug: "interijer-bez-mirisa",
        title: "Interijer bez neugodnih mirisa: pet navika za čišći automobil",
        body: `<p>Neugodan miris u automobilu rijetko dolazi niotkuda. Najčešće ga uzrokuju mrvice hrane, vlaga u tepisima i zaprljan filtar kabine.</p><ol><li>Ne ostavljajte hranu i ambalažu u autu preko noći.</li><li>Mokre gumene tepihe izvadite i osušite čim možete.</li><li>Filtar kabine mijenjajte jednom godišnje ili svakih 15.000 km.</li><li>Klimu uključite i zimi – isušuje zrak i sprječava plijesan.</li><li>Umjesto jakih mirisnih osvježivača birajte neutralizatore mirisa.</li></ol><p>Kad navike nisu dovoljne, pomoći će naše <strong>dubinsko čišćenje sjedala</strong> – ekstrakcijskim strojem izvlačimo prljavštinu i mirise iz tkanine, a vozilo je spremno za vožnju isti dan.</p>`,
      },
      en: {
        slug: "fresh-smelling-interior",
        title: "An interior without bad smells: five habits for a cleaner car",
        body: `<p>A bad smell in a car rarely comes from nowhere. Most often it is caused by food crumbs, damp carpets and a dirty cabin filter.</p><ol><li>Do not leave food and packaging in the car overnight.</li><li>Take out wet rubber mats and dry them as soon as you can.</li><li>Change the cabin filter once a year or every 15,000 km.</li><li>Use the air conditioning in winter too – it dries the air and prevents mould.</li><li>Choose odour neutralisers instead of strong air fresheners.</li></ol><p>When habits are not enough, our <strong>deep seat cleaning</strong> helps – an extraction machine pulls dirt and smells out of the fabric, and the car is ready to drive the same day.</p>`,
      },
      de: {
        slug: "innenraum-ohne-gerueche",
        title: "Ein Innenraum ohne unangenehme Gerüche: fünf Gewohnheiten für ein saubereres Auto",
        body: `<p>Ein unangenehmer Geruch im Auto kommt selten aus dem Nichts. Meist sind Essenskrümel, feuchte Teppiche und ein verschmutzter Innenraumfilter schuld.</p><ol><li>Lassen Sie Essen und Verpackungen nicht über Nacht im Auto.</li><li>Nehmen Sie nasse Gummimatten heraus und trocknen Sie sie so bald wie möglich.</li><li>Wechseln Sie den Innenraumfilter einmal im Jahr oder alle 15.000 km.</li><li>Schalten Sie die Klimaanlage auch im Winter ein – sie trocknet die Luft und verhindert Schimmel.</li><li>Wählen Sie Geruchsneutralisierer statt starker Duftspender.</li></ol><p>Wenn Gewohnheiten nicht reichen, hilft unsere <strong>Tiefenreinigung der Sitze</strong> – eine Extraktionsmaschine zieht Schmutz und Gerüche aus dem Stoff, und das Auto ist noch am selben Tag fahrbereit.</p>`,
      },
    },
  },
  {
    daysAgo: 60,
    terms: ["news"],
    image: {
      img: IMAGES.gallery1,
      alt: {
        hr: "Linija za pranje na lokaciji Jankomir",
        en: "The wash line at the Jankomir location",
        de: "Die Waschstraße am Standort Jankomir",
      },
    },
    text: {
      hr: {
        slug: "nove-cetke-na-jankomiru",
        title: "Nove četke od pjenaste tkanine na Jankomiru",
        body: `<p>Na lokaciji Jankomir završili smo zamjenu četki u liniji za pranje. Nove četke izrađene su od <strong>mekane pjenaste tkanine</strong> koja ne upija pijesak i nježnija je prema laku od klasičnih četki s vlaknima.</p><p>Zamjena je trajala dva dana, a tijekom radova linija je radila skraćeno. Zahvaljujemo svim kupcima na strpljenju!</p><p>Iste četke do proljeća ugrađujemo i na lokacijama Dubrava i Velika Gorica.</p>`,
      },
      en: {
        slug: "new-foam-brushes-at-jankomir",
        title: "New foam-cloth brushes at Jankomir",
        body: `<p>At our Jankomir location we have finished replacing the brushes in the wash line. The new brushes are made of <strong>soft foam cloth</strong>, which does not hold sand and is gentler on the paint than classic bristle brushes.</p><p>The replacement took two days, during which the line worked reduced hours. Thank you all for your patience!</p><p>By spring we will fit the same brushes at our Dubrava and Velika Gorica locations.</p>`,
      },
      de: {
        slug: "neue-schaumstoffbuersten-in-jankomir",
        title: "Neue Bürsten aus Schaumstoffgewebe in Jankomir",
        body: `<p>Am Standort Jankomir haben wir den Austausch der Bürsten in der Waschstraße abgeschlossen. Die neuen Bürsten bestehen aus <strong>weichem Schaumstoffgewebe</strong>, das keinen Sand aufnimmt und schonender zum Lack ist als klassische Borstenbürsten.</p><p>Der Austausch dauerte zwei Tage, in denen die Anlage eingeschränkt geöffnet war. Vielen Dank für Ihre Geduld!</p><p>Bis zum Frühjahr bauen wir dieselben Bürsten auch an den Standorten Dubrava und Velika Gorica ein.</p>`,
      },
    },
  },
  {
    daysAgo: 70,
    terms: ["tips"],
    text: {
      hr: {
        slug: "vosak-ili-keramika",
        title: "Vosak ili keramička zaštita: što odabrati za svoj auto",
        body: `<p>I vosak i keramički premaz štite lak od sunca, kiše i prljavštine, ali se razlikuju po trajanju i cijeni.</p><h2>Vosak</h2><p>Tekući vosak nanosimo u Standardnom i Premium pranju. Lak dobiva dubok sjaj, voda se skuplja u kapljice i klizi s automobila. Zaštita traje nekoliko tjedana, pa je vosak idealan uz redovito pranje.</p><h2>Keramička zaštita</h2><p>Keramički premaz nanosi se nakon strojnog poliranja i veže se za lak. Štiti do <strong>šest mjeseci</strong>, a auto se osjetno sporije prlja. Isplati se kod novih ili tek poliranih automobila.</p><p>Usporedite programe u <a href="${PRICES.hr}">cjeniku</a> ili pitajte osoblje za savjet.</p>`,
      },
      en: {
        slug: "wax-or-ceramic",
        title: "Wax or ceramic coating: which is right for your car",
        body: `<p>Both wax and a ceramic coating protect the paint from sun, rain and dirt, but they differ in how long they last and what they cost.</p><h2>Wax</h2><p>We apply liquid wax in the Standard and Premium washes. The paint gets a deep shine, water beads up and runs off the car. The protection lasts a few weeks, so wax is ideal together with regular washing.</p><h2>Ceramic coating</h2><p>A ceramic coating is applied after machine polishing and bonds with the paint. It protects for up to <strong>six months</strong>, and the car gets dirty noticeably more slowly. It pays off on new or freshly polished cars.</p><p>Compare the programmes in our <a href="${PRICES.en}">price list</a> or ask our staff for advice.</p>`,
      },
      de: {
        slug: "wachs-oder-keramik",
        title: "Wachs oder Keramikversiegelung: Was passt zu Ihrem Auto?",
        body: `<p>Sowohl Wachs als auch eine Keramikversiegelung schützen den Lack vor Sonne, Regen und Schmutz, unterscheiden sich aber in Haltbarkeit und Preis.</p><h2>Wachs</h2><p>Flüssigwachs tragen wir bei der Standard- und der Premium-Wäsche auf. Der Lack erhält einen tiefen Glanz, Wasser perlt ab und läuft vom Auto. Der Schutz hält einige Wochen – ideal zusammen mit regelmäßigem Waschen.</p><h2>Keramikversiegelung</h2><p>Die Keramikversiegelung wird nach einer Maschinenpolitur aufgetragen und verbindet sich mit dem Lack. Sie schützt bis zu <strong>sechs Monate</strong>, und das Auto verschmutzt spürbar langsamer. Sie lohnt sich bei neuen oder frisch polierten Autos.</p><p>Vergleichen Sie die Programme in unserer <a href="${PRICES.de}">Preisliste</a> oder fragen Sie unser Personal um Rat.</p>`,
      },
    },
  },
  {
    daysAgo: 80,
    terms: ["tips"],
    text: {
      hr: {
        slug: "pranje-elektricnog-automobila",
        title: "Kako sigurno oprati električni automobil",
        body: `<p>Električni i hibridni automobili mogu se prati u automatskoj liniji jednako kao i oni s benzinskim ili dizelskim motorom – baterija i visokonaponski vodovi zaštićeni su od vode.</p><h2>Na što pripaziti?</h2><ul><li>Prije ulaska u liniju isključite automatsko zaključavanje i senzore koji bi mogli pokrenuti kočnicu.</li><li>Uključite položaj N i ostavite automobil „upaljen“ ako proizvođač to preporučuje za pranje.</li><li>Poklopac utičnice za punjenje mora biti dobro zatvoren.</li></ul><p>Ako niste sigurni, recite osoblju na ulazu da vozite električni automobil – provest ćemo vas kroz liniju korak po korak.</p>`,
      },
      en: {
        slug: "washing-an-electric-car",
        title: "How to wash an electric car safely",
        body: `<p>Electric and hybrid cars can go through an automatic wash line just like petrol or diesel cars – the battery and the high-voltage cables are protected against water.</p><h2>What to watch out for</h2><ul><li>Before entering the line, switch off automatic locking and any sensors that could apply the brake.</li><li>Select N and leave the car switched on if the manufacturer recommends it for washing.</li><li>Make sure the charging port cover is firmly closed.</li></ul><p>If you are unsure, tell the staff at the entrance that you drive an electric car – we will guide you through the line step by step.</p>`,
      },
      de: {
        slug: "elektroauto-sicher-waschen",
        title: "So waschen Sie ein Elektroauto sicher",
        body: `<p>Elektro- und Hybridautos können genauso durch die Waschstraße wie Benziner oder Diesel – die Batterie und die Hochvoltleitungen sind gegen Wasser geschützt.</p><h2>Worauf Sie achten sollten</h2><ul><li>Schalten Sie vor der Einfahrt die automatische Verriegelung und Sensoren aus, die die Bremse auslösen könnten.</li><li>Legen Sie N ein und lassen Sie das Auto eingeschaltet, wenn der Hersteller dies für die Wäsche empfiehlt.</li><li>Die Klappe der Ladebuchse muss fest geschlossen sein.</li></ul><p>Wenn Sie unsicher sind, sagen Sie dem Personal an der Einfahrt, dass Sie ein Elektroauto fahren – wir begleiten Sie Schritt für Schritt durch die Anlage.</p>`,
      },
    },
  },
  {
    daysAgo: 91,
    terms: ["ecology", "news"],
    image: {
      img: IMAGES.gallery4,
      alt: { hr: "Lokacija Jankomir navečer", en: "The Jankomir location in the evening", de: "Der Standort Jankomir am Abend" },
    },
    text: {
      hr: {
        slug: "recikliranje-vode",
        title: "Voda koju pročišćavamo: do 80 % vode koristimo ponovno",
        body: `<p>Na sve tri lokacije radi novi sustav za pročišćavanje i recikliranje vode. Voda od pranja najprije prolazi kroz taložnike i separator ulja, a zatim kroz filtre s aktivnim ugljenom.</p><p>Tako pročišćenu vodu koristimo za predpranje i pranje četkama, pa <strong>do 80 % vode</strong> koristimo ponovno. Za završno ispiranje i dalje koristimo svježu, demineraliziranu vodu – zato na laku ne ostaju mrlje.</p><p>Sustav smo nabavili u sklopu projekta „Zelena autopraonica“, sufinanciranog sredstvima Europske unije – NextGenerationEU. Više o projektu pročitajte na stranici <a href="${EU.hr}">EU projekt</a>.</p>`,
      },
      en: {
        slug: "water-recycling",
        title: "The water we clean: up to 80% of it is reused",
        body: `<p>A new water treatment and recycling system now runs at all three locations. The wash water first passes through settling tanks and an oil separator, then through activated carbon filters.</p><p>We use the cleaned water for the pre-wash and the brush wash, so <strong>up to 80% of the water</strong> is reused. For the final rinse we still use fresh, demineralised water – which is why no spots are left on the paint.</p><p>The system was bought within the "Green car wash" project, co-financed by the European Union – NextGenerationEU. Read more on the <a href="${EU.en}">EU project</a> page.</p>`,
      },
      de: {
        slug: "wasserrecycling",
        title: "Das Wasser, das wir reinigen: bis zu 80 % werden wiederverwendet",
        body: `<p>An allen drei Standorten läuft eine neue Anlage zur Wasseraufbereitung und zum Wasserrecycling. Das Waschwasser fließt zuerst durch Absetzbecken und einen Ölabscheider, dann durch Aktivkohlefilter.</p><p>Das gereinigte Wasser verwenden wir für die Vorwäsche und die Bürstenwäsche, sodass <strong>bis zu 80 % des Wassers</strong> wiederverwendet werden. Für die Schlussspülung nehmen wir weiterhin frisches, demineralisiertes Wasser – deshalb bleiben keine Flecken auf dem Lack.</p><p>Die Anlage wurde im Rahmen des Projekts „Grüne Waschanlage“ angeschafft, kofinanziert von der Europäischen Union – NextGenerationEU. Mehr dazu auf der Seite <a href="${EU.de}">EU-Projekt</a>.</p>`,
      },
    },
  },
  {
    daysAgo: 103,
    terms: ["tips"],
    text: {
      hr: {
        slug: "pranje-felgi-i-guma",
        title: "Kako pravilno oprati felge i gume",
        body: `<p>Felge se prljaju najbrže: na njih se lijepi prašina s kočnica, koja je vruća, sitna i vrlo abrazivna. Ako se ne ukloni, s vremenom se urezuje u lak felge.</p><h2>Redoslijed je važan</h2><ol><li>Felge perite prve, dok su ostali dijelovi automobila još suhi – tako prljava voda ne curi po čistom laku.</li><li>Koristite pH-neutralno sredstvo; kiseli čistači mogu oštetiti aluminij i vijke.</li><li>Nikad ne perite vruće felge odmah nakon vožnje.</li><li>Gume na kraju zaštitite sredstvom za gumu bez silikona, da ne postanu sklizave.</li></ol><p>U Standardnom i Premium pranju felge i pragove peremo posebnim mlaznicama i četkama.</p>`,
      },
      en: {
        slug: "cleaning-wheels-and-tyres",
        title: "How to clean wheels and tyres properly",
        body: `<p>Wheels get dirty fastest: brake dust sticks to them, and it is hot, fine and very abrasive. If it is not removed, over time it etches into the wheel's finish.</p><h2>The order matters</h2><ol><li>Wash the wheels first, while the rest of the car is still dry – so dirty water does not run over clean paint.</li><li>Use a pH-neutral cleaner; acidic cleaners can damage aluminium and bolts.</li><li>Never wash hot wheels straight after driving.</li><li>Finally, protect the tyres with a silicone-free tyre dressing so they do not become slippery.</li></ol><p>In the Standard and Premium washes we clean the wheels and sills with dedicated nozzles and brushes.</p>`,
      },
      de: {
        slug: "felgen-und-reifen-reinigen",
        title: "So reinigen Sie Felgen und Reifen richtig",
        body: `<p>Felgen verschmutzen am schnellsten: An ihnen haftet Bremsstaub, der heiß, fein und sehr abrasiv ist. Wird er nicht entfernt, frisst er sich mit der Zeit in die Oberfläche der Felge.</p><h2>Die Reihenfolge zählt</h2><ol><li>Waschen Sie die Felgen zuerst, solange der Rest des Autos noch trocken ist – so läuft kein Schmutzwasser über den sauberen Lack.</li><li>Verwenden Sie ein pH-neutrales Mittel; saure Reiniger können Aluminium und Schrauben angreifen.</li><li>Waschen Sie heiße Felgen nie direkt nach der Fahrt.</li><li>Schützen Sie die Reifen zum Schluss mit einem silikonfreien Reifenpflegemittel, damit sie nicht rutschig werden.</li></ol><p>Bei der Standard- und der Premium-Wäsche reinigen wir Felgen und Schweller mit eigenen Düsen und Bürsten.</p>`,
      },
    },
  },
  {
    daysAgo: 116,
    terms: ["ecology"],
    text: {
      hr: {
        slug: "biorazgradiva-sredstva",
        title: "Biorazgradiva sredstva: čime peremo vaš automobil",
        body: `<p>Sva sredstva koja koristimo za pranje – aktivna pjena, šampon, sredstvo za felge i tekući vosak – <strong>biorazgradiva</strong> su i bez fosfata. Razgrađuju se u uređaju za pročišćavanje i ne opterećuju okoliš.</p><p>Koncentrate doziramo automatski, točno koliko je potrebno za svako vozilo. Tako trošimo manje kemije, a rezultat je isti ili bolji.</p><p>Sredstva za njegu koja koristimo u praonici možete kupiti i za kućnu upotrebu u našoj <a href="${SHOP.hr}">web trgovini</a>.</p>`,
      },
      en: {
        slug: "biodegradable-products",
        title: "Biodegradable products: what we wash your car with",
        body: `<p>All the products we wash with – active foam, shampoo, wheel cleaner and liquid wax – are <strong>biodegradable</strong> and phosphate-free. They break down in the treatment system and do not burden the environment.</p><p>The concentrates are dosed automatically, exactly as much as each vehicle needs. That way we use fewer chemicals, with the same or a better result.</p><p>You can also buy the care products we use at the car wash for home use in our <a href="${SHOP.en}">web shop</a>.</p>`,
      },
      de: {
        slug: "biologisch-abbaubare-mittel",
        title: "Biologisch abbaubare Mittel: Womit wir Ihr Auto waschen",
        body: `<p>Alle Mittel, mit denen wir waschen – Aktivschaum, Shampoo, Felgenreiniger und Flüssigwachs – sind <strong>biologisch abbaubar</strong> und phosphatfrei. Sie werden in der Aufbereitungsanlage abgebaut und belasten die Umwelt nicht.</p><p>Die Konzentrate werden automatisch dosiert, genau so viel, wie jedes Fahrzeug braucht. So verbrauchen wir weniger Chemie bei gleichem oder besserem Ergebnis.</p><p>Die Pflegemittel aus unserer Waschanlage können Sie für zu Hause auch in unserem <a href="${SHOP.de}">Webshop</a> kaufen.</p>`,
      },
    },
  },
  {
    daysAgo: 130,
    terms: ["tips"],
    text: {
      hr: {
        slug: "pranje-na-suncu",
        title: "Zašto auto ne treba prati na izravnom suncu",
        body: `<p>Ljeti je lak na suncu vruć i do 70 °C. Voda i šampon na takvoj površini isparavaju za nekoliko sekundi i ostavljaju mrlje od kamenca i ostatke sredstva koje je poslije teško ukloniti.</p><ul><li>Perite ujutro ili predvečer, kad je lak hladniji.</li><li>Ako morate prati danju, birajte sjenu i perite dio po dio.</li><li>Automobil odmah osušite mekom mikrofibrom.</li></ul><p>U našim linijama pranje je natkriveno, a završno ispiranje demineraliziranom vodom sprječava mrlje i za najtoplijih dana.</p>`,
      },
      en: {
        slug: "washing-in-direct-sun",
        title: "Why you should not wash your car in direct sunlight",
        body: `<p>In summer, paint in the sun can get as hot as 70 °C. On such a surface water and shampoo evaporate within seconds and leave limescale spots and product residue that are hard to remove afterwards.</p><ul><li>Wash in the morning or early evening, when the paint is cooler.</li><li>If you have to wash during the day, find some shade and wash one panel at a time.</li><li>Dry the car straight away with a soft microfibre cloth.</li></ul><p>Our wash lines are covered, and the final rinse with demineralised water prevents spots even on the hottest days.</p>`,
      },
      de: {
        slug: "waschen-in-der-sonne",
        title: "Warum man das Auto nicht in der prallen Sonne waschen sollte",
        body: `<p>Im Sommer wird der Lack in der Sonne bis zu 70 °C heiß. Wasser und Shampoo verdunsten auf einer solchen Fläche in Sekunden und hinterlassen Kalkflecken und Mittelreste, die sich später schwer entfernen lassen.</p><ul><li>Waschen Sie morgens oder am frühen Abend, wenn der Lack kühler ist.</li><li>Wenn Sie tagsüber waschen müssen, suchen Sie Schatten und waschen Sie Teil für Teil.</li><li>Trocknen Sie das Auto sofort mit einem weichen Mikrofasertuch.</li></ul><p>Unsere Waschstraßen sind überdacht, und die Schlussspülung mit demineralisiertem Wasser verhindert Flecken auch an den heißesten Tagen.</p>`,
      },
    },
  },
  {
    daysAgo: 145,
    terms: ["tips"],
    image: {
      img: IMAGES.hero,
      alt: { hr: "Automobil prekriven pjenom aktivnog šampona", en: "A car covered in active foam", de: "Ein Auto voller Aktivschaum" },
    },
    text: {
      hr: {
        slug: "auto-spreman-za-more",
        title: "Auto spreman za put na more: kontrolni popis prije polaska",
        body: `<p>Prije ljetnog puta na more isplati se odvojiti sat vremena za automobil. Čist i pregledan auto troši manje, sigurniji je i ugodniji za dugu vožnju.</p><h2>Prije polaska</h2><ul><li>Provjerite tlak u gumama – s punim prtljažnikom treba biti viši.</li><li>Operite vjetrobransko staklo i svjetla s obje strane.</li><li>Očistite interijer i izvadite sve što ne treba na put.</li></ul><h2>Nakon povratka</h2><p>Morska sol i pijesak jednako su štetni kao i zimska sol. Čim se vratite, operite automobil s podvozjem i usišite pijesak iz tepiha. Za to je idealna <strong>Kompletna njega</strong> – vanjsko pranje i interijer u jednom posjetu.</p>`,
      },
      en: {
        slug: "car-ready-for-the-seaside",
        title: "A car ready for the seaside: a checklist before you leave",
        body: `<p>Before a summer trip to the coast it is worth spending an hour on your car. A clean, checked car uses less fuel, is safer and more comfortable on a long drive.</p><h2>Before you leave</h2><ul><li>Check the tyre pressure – with a full boot it should be higher.</li><li>Clean the windscreen and the lights on both sides.</li><li>Clean the interior and take out everything you will not need on the trip.</li></ul><h2>After you return</h2><p>Sea salt and sand are just as harmful as winter salt. As soon as you are back, wash the car including the underbody and vacuum the sand out of the carpets. <strong>Complete care</strong> is ideal for this – exterior wash and interior in one visit.</p>`,
      },
      de: {
        slug: "auto-bereit-fuer-das-meer",
        title: "Das Auto bereit für die Fahrt ans Meer: eine Checkliste vor der Abfahrt",
        body: `<p>Vor der Sommerfahrt ans Meer lohnt sich eine Stunde für das Auto. Ein sauberes, geprüftes Auto verbraucht weniger, ist sicherer und auf langen Strecken angenehmer.</p><h2>Vor der Abfahrt</h2><ul><li>Prüfen Sie den Reifendruck – mit vollem Kofferraum muss er höher sein.</li><li>Reinigen Sie die Windschutzscheibe und die Scheinwerfer von beiden Seiten.</li><li>Reinigen Sie den Innenraum und nehmen Sie alles heraus, was Sie unterwegs nicht brauchen.</li></ul><h2>Nach der Rückkehr</h2><p>Meersalz und Sand schaden genauso wie Streusalz. Waschen Sie das Auto gleich nach der Rückkehr samt Unterboden und saugen Sie den Sand aus den Teppichen. Ideal dafür ist die <strong>Komplettpflege</strong> – Außenwäsche und Innenraum bei einem Besuch.</p>`,
      },
    },
  },
  {
    daysAgo: 160,
    terms: ["news"],
    image: {
      img: IMAGES.about,
      alt: {
        hr: "Zgrada autopraonice s natkrivenim boksovima",
        en: "The car wash building with covered bays",
        de: "Das Gebäude der Waschanlage mit überdachten Boxen",
      },
    },
    text: {
      hr: {
        slug: "nova-lokacija-velika-gorica",
        title: "Otvorili smo novu lokaciju u Velikoj Gorici",
        body: `<p>Od ovog tjedna možete nas pronaći i u Velikoj Gorici, u <strong>Zagrebačkoj ulici 88</strong>, nedaleko od izlaza s brze ceste. Nova lokacija ima automatsku liniju za pranje, četiri mjesta za usisavanje i prostor za čišćenje interijera.</p><p>Radno vrijeme isto je kao i na ostalim lokacijama: od ponedjeljka do petka od 7 do 20 sati. Članska kartica i poklon bonovi vrijede i ovdje.</p><p>Adrese i telefone svih lokacija pronaći ćete na stranici <a href="${CONTACT.hr}">Kontakt</a>. Vidimo se!</p>`,
      },
      en: {
        slug: "new-location-velika-gorica",
        title: "We have opened a new location in Velika Gorica",
        body: `<p>From this week you can also find us in Velika Gorica, at <strong>Zagrebačka ulica 88</strong>, close to the expressway exit. The new location has an automatic wash line, four vacuum bays and an area for interior cleaning.</p><p>The opening hours are the same as at our other locations: Monday to Friday from 7 am to 8 pm. The membership card and gift vouchers are valid here too.</p><p>You will find the addresses and phone numbers of all locations on our <a href="${CONTACT.en}">contact</a> page. See you there!</p>`,
      },
      de: {
        slug: "neuer-standort-velika-gorica",
        title: "Wir haben einen neuen Standort in Velika Gorica eröffnet",
        body: `<p>Ab dieser Woche finden Sie uns auch in Velika Gorica, in der <strong>Zagrebačka ulica 88</strong>, nahe der Schnellstraßenausfahrt. Der neue Standort hat eine automatische Waschstraße, vier Saugplätze und einen Bereich für die Innenreinigung.</p><p>Die Öffnungszeiten sind dieselben wie an unseren anderen Standorten: Montag bis Freitag von 7 bis 20 Uhr. Mitgliedskarte und Geschenkgutscheine gelten auch hier.</p><p>Adressen und Telefonnummern aller Standorte finden Sie auf der Seite <a href="${CONTACT.de}">Kontakt</a>. Wir freuen uns auf Sie!</p>`,
      },
    },
  },
  {
    daysAgo: 175,
    terms: ["tips"],
    text: {
      hr: {
        slug: "pijesak-iz-sahare",
        title: "Kiša s pijeskom iz Sahare: kako oprati auto bez ogrebotina",
        body: `<p>Nekoliko puta godišnje vjetar donese pijesak iz Sahare, a kiša ga ostavi na automobilima kao smeđi, ljepljivi sloj. Taj je pijesak vrlo sitan i oštar – ako ga obrišete ili perete spužvom, izgrebat ćete lak.</p><h2>Kako ga ukloniti?</h2><ol><li>Pijesak najprije obilno isperite vodom, bez dodirivanja laka.</li><li>Zatim ga omekšajte pjenom i ostavite da djeluje nekoliko minuta.</li><li>Tek nakon toga perite mekanom rukavicom ili četkama od pjenaste tkanine.</li></ol><p>Upravo tim redoslijedom rade naše linije: aktivna pjena, visokotlačno ispiranje pa tek onda meke četke.</p>`,
      },
      en: {
        slug: "sahara-dust-rain",
        title: "Rain with Saharan dust: how to wash your car without scratches",
        body: `<p>A few times a year the wind brings sand from the Sahara, and the rain leaves it on cars as a brown, sticky layer. This sand is very fine and sharp – if you wipe it off or wash it with a sponge, you will scratch the paint.</p><h2>How to remove it</h2><ol><li>First rinse the sand off generously with water, without touching the paint.</li><li>Then soften it with foam and let it work for a few minutes.</li><li>Only then wash with a soft mitt or foam-cloth brushes.</li></ol><p>That is exactly the order our wash lines follow: active foam, a high-pressure rinse, and only then the soft brushes.</p>`,
      },
      de: {
        slug: "saharastaub-regen",
        title: "Regen mit Saharastaub: So waschen Sie das Auto ohne Kratzer",
        body: `<p>Ein paar Mal im Jahr bringt der Wind Sand aus der Sahara, und der Regen hinterlässt ihn auf den Autos als braune, klebrige Schicht. Dieser Sand ist sehr fein und scharf – wischen Sie ihn ab oder waschen Sie mit einem Schwamm, zerkratzen Sie den Lack.</p><h2>So entfernen Sie ihn</h2><ol><li>Spülen Sie den Sand zuerst reichlich mit Wasser ab, ohne den Lack zu berühren.</li><li>Weichen Sie ihn dann mit Schaum ein und lassen Sie ihn einige Minuten einwirken.</li><li>Erst danach waschen Sie mit einem weichen Handschuh oder Bürsten aus Schaumstoffgewebe.</li></ol><p>Genau in dieser Reihenfolge arbeiten unsere Waschstraßen: Aktivschaum, Hochdruckspülung und erst dann die weichen Bürsten.</p>`,
      },
    },
  },
];

const POST_TYPE_TITLES: Record<string, Text> = {
  page: { hr: "Stranica", en: "Page", de: "Seite" },
  post: { hr: "Objava", en: "Post", de: "Beitrag" },
};

/** The home page's section with the newest posts, per language. */
const LATEST_POSTS: Record<Locale, BlockData<"latestPosts">> = {
  hr: { title: "Novo na blogu", limit: 3, link: { label: "Sve objave", href: "/objave" } },
  en: { title: "From our blog", limit: 3, link: { label: "All posts", href: "/en/blog" } },
  de: { title: "Neues aus dem Blog", limit: 3, link: { label: "Alle Beiträge", href: "/de/blog" } },
};

const LANGUAGES: readonly Locale[] = ["hr", "en", "de"];

function imageData(img: DemoImage, alt: string): ImageData {
  return { src: img.src, alt, width: img.width, height: img.height };
}

/** Morning of `days` days before the seeding time, so the order and the dates look like a real blog. */
function publishedAt(now: string, days: number): string {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(8, 30, 0, 0);
  return date.toISOString();
}

export async function seedCms(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;

  const types = await trx.selectFrom("post_types").select(["id", "slug"]).execute();
  for (const type of types) {
    const titles = POST_TYPE_TITLES[type.slug];
    if (!titles) continue;
    await trx
      .insertInto("post_type_translations")
      .values(LANGUAGES.map((language) => ({ post_type_id: type.id, language_code: language, title: titles[language] })))
      .execute();
  }

  const termIds = {} as Record<TermKey, number>;
  for (const [key, term] of Object.entries(TERMS) as [TermKey, (typeof TERMS)[TermKey]][]) {
    const row = await trx
      .insertInto("terms")
      .values({ term_type: "category", position: term.position, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    termIds[key] = row.id;
    await trx
      .insertInto("term_translations")
      .values(
        LANGUAGES.map((language) => ({
          term_id: row.id,
          language_code: language,
          slug: term.slug[language],
          title: term.title[language],
          description: term.description[language],
        })),
      )
      .execute();
  }

  // Oldest first, so ids grow with the publication date as they would on a real blog.
  for (const post of [...POSTS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const date = publishedAt(now, post.daysAgo);
    const row = await trx
      .insertInto("posts")
      .values({ post_type: "post", status: "published", published_at: date, created_at: date, updated_at: date })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("post_translations")
      .values(
        LANGUAGES.map((language) => ({
          post_id: row.id,
          language_code: language,
          slug: post.text[language].slug,
          title: post.text[language].title,
          body: post.text[language].body,
          components: "[]",
        })),
      )
      .execute();
    const image = post.image;
    if (image) {
      await trx
        .insertInto("post_meta")
        .values(
          LANGUAGES.map((language) => ({
            post_id: row.id,
            language_code: language,
            excerpt: "",
            image: JSON.stringify(imageData(image.img, image.alt[language])),
          })),
        )
        .execute();
    }
    await trx
      .insertInto("post_terms")
      .values(post.terms.map((key) => ({ post_id: row.id, term_id: termIds[key] })))
      .execute();
  }

  await addLatestPostsToHome(ctx);

  await trx.insertInto("redirects").values({ from_path: "/stari-cjenik", to_path: "/cjenik", status: 301, created_at: now }).execute();
}

/** Puts the 'latest posts' section on the home page of every language, before the closing EU notice. */
async function addLatestPostsToHome({ trx }: SeedContext): Promise<void> {
  const home = await trx
    .selectFrom("post_translations as t")
    .innerJoin("posts as p", "p.id", "t.post_id")
    .select("t.post_id")
    .where("p.post_type", "=", "page")
    .where("t.language_code", "=", "hr")
    .where("t.slug", "=", "pocetna")
    .executeTakeFirst();
  if (!home) return;
  const translations = await trx
    .selectFrom("post_translations")
    .select(["id", "language_code", "components"])
    .where("post_id", "=", home.post_id)
    .execute();
  for (const t of translations) {
    const data = LATEST_POSTS[t.language_code as Locale];
    if (!data) continue;
    const components = JSON.parse(t.components) as { id: number; template: string; data: unknown }[];
    const block = { id: Math.max(0, ...components.map((c) => c.id)) + 1, template: "latestPosts", data };
    const at = components.at(-1)?.template === "euNotice" ? components.length - 1 : components.length;
    components.splice(at, 0, block);
    await trx
      .updateTable("post_translations")
      .set({ components: JSON.stringify(components) })
      .where("id", "=", t.id)
      .execute();
  }
}
