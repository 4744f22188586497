import type { Insertable } from "kysely";
import type { CountriesTable } from "../schema.ts";

/**
 * Countries the shop delivers to (SPEC §3 Country): id is the ISO 3166-1 numeric code, iso the
 * alpha-3 and code the alpha-2 code; names in Croatian, English and German.
 * EU and EEA members, Switzerland, the United Kingdom, the Western Balkans and a few more.
 */
export type CountrySeed = Insertable<CountriesTable>;

type Row = [id: number, iso: string, code: string, hr: string, en: string, de: string];

const ROWS: readonly Row[] = [
  // European Union
  [40, "AUT", "AT", "Austrija", "Austria", "Österreich"],
  [56, "BEL", "BE", "Belgija", "Belgium", "Belgien"],
  [100, "BGR", "BG", "Bugarska", "Bulgaria", "Bulgarien"],
  [191, "HRV", "HR", "Hrvatska", "Croatia", "Kroatien"],
  [196, "CYP", "CY", "Cipar", "Cyprus", "Zypern"],
  [203, "CZE", "CZ", "Češka", "Czechia", "Tschechien"],
  [208, "DNK", "DK", "Danska", "Denmark", "Dänemark"],
  [233, "EST", "EE", "Estonija", "Estonia", "Estland"],
  [246, "FIN", "FI", "Finska", "Finland", "Finnland"],
  [250, "FRA", "FR", "Francuska", "France", "Frankreich"],
  [276, "DEU", "DE", "Njemačka", "Germany", "Deutschland"],
  [300, "GRC", "GR", "Grčka", "Greece", "Griechenland"],
  [348, "HUN", "HU", "Mađarska", "Hungary", "Ungarn"],
  [372, "IRL", "IE", "Irska", "Ireland", "Irland"],
  [380, "ITA", "IT", "Italija", "Italy", "Italien"],
  [428, "LVA", "LV", "Latvija", "Latvia", "Lettland"],
  [440, "LTU", "LT", "Litva", "Lithuania", "Litauen"],
  [442, "LUX", "LU", "Luksemburg", "Luxembourg", "Luxemburg"],
  [470, "MLT", "MT", "Malta", "Malta", "Malta"],
  [528, "NLD", "NL", "Nizozemska", "Netherlands", "Niederlande"],
  [616, "POL", "PL", "Poljska", "Poland", "Polen"],
  [620, "PRT", "PT", "Portugal", "Portugal", "Portugal"],
  [642, "ROU", "RO", "Rumunjska", "Romania", "Rumänien"],
  [703, "SVK", "SK", "Slovačka", "Slovakia", "Slowakei"],
  [705, "SVN", "SI", "Slovenija", "Slovenia", "Slowenien"],
  [724, "ESP", "ES", "Španjolska", "Spain", "Spanien"],
  [752, "SWE", "SE", "Švedska", "Sweden", "Schweden"],
  // European Economic Area and Switzerland
  [352, "ISL", "IS", "Island", "Iceland", "Island"],
  [438, "LIE", "LI", "Lihtenštajn", "Liechtenstein", "Liechtenstein"],
  [578, "NOR", "NO", "Norveška", "Norway", "Norwegen"],
  [756, "CHE", "CH", "Švicarska", "Switzerland", "Schweiz"],
  // Rest of Europe
  [826, "GBR", "GB", "Ujedinjeno Kraljevstvo", "United Kingdom", "Vereinigtes Königreich"],
  [70, "BIH", "BA", "Bosna i Hercegovina", "Bosnia and Herzegovina", "Bosnien und Herzegowina"],
  [688, "SRB", "RS", "Srbija", "Serbia", "Serbien"],
  [499, "MNE", "ME", "Crna Gora", "Montenegro", "Montenegro"],
  [807, "MKD", "MK", "Sjeverna Makedonija", "North Macedonia", "Nordmazedonien"],
  [8, "ALB", "AL", "Albanija", "Albania", "Albanien"],
  [498, "MDA", "MD", "Moldavija", "Moldova", "Moldau"],
  [804, "UKR", "UA", "Ukrajina", "Ukraine", "Ukraine"],
  [792, "TUR", "TR", "Turska", "Türkiye", "Türkei"],
  [20, "AND", "AD", "Andora", "Andorra", "Andorra"],
  [492, "MCO", "MC", "Monako", "Monaco", "Monaco"],
  [674, "SMR", "SM", "San Marino", "San Marino", "San Marino"],
  [336, "VAT", "VA", "Vatikan", "Vatican City", "Vatikanstadt"],
  // Overseas
  [840, "USA", "US", "Sjedinjene Američke Države", "United States", "Vereinigte Staaten"],
  [124, "CAN", "CA", "Kanada", "Canada", "Kanada"],
  [36, "AUS", "AU", "Australija", "Australia", "Australien"],
];

export const COUNTRIES: readonly CountrySeed[] = ROWS.map(([id, iso, code, name_hr, name_en, name_de]) => ({
  id,
  iso,
  code,
  name_hr,
  name_en,
  name_de,
}));
