import type { Language } from './languages.ts';

// How every text we show or send is worded (docs/house-style.md, "i18n"); the web's locale files and info pages and
// the server's e-mails are all checked with `wordingSlips`.
//
// One register per language, as the big renters write it: English plain, French *vous*, Spanish *tú* (never *usted*),
// German *Sie*, Swedish *du*. Each list holds words that only the other register uses — pronouns, possessives and
// the imperatives our texts use — so a text that contains one has slipped.

const OTHER_REGISTER: Record<Language, readonly string[]> = {
  en: [],
  // tu, te, toi, ton, ta, tes, t'… and the tu imperatives of our texts.
  fr: ['tu', 'te', 'toi', 'ton', 'ta', 'tes', "t'", 't’', 'choisis', 'réessaie', 'vérifie', 'connecte', 'clique'],
  // usted: its pronouns and possessives (so our Spanish says "tu reserva" and avoids "su" even in the third person)
  // and the usted imperatives our texts had ("Elija", "Pague", "Inténtelo"…), leaving out the forms that are also
  // a third-person subjunctive ("donde se indique").
  es: [
    'usted',
    'ustedes',
    'su',
    'sus',
    'le',
    'les',
    'abra',
    'acepte',
    'active',
    'actívela',
    'añada',
    'cambie',
    'compruebe',
    'confirme',
    'consúltela',
    'contáctelo',
    'contáctenos',
    'corrija',
    'elija',
    'escriba',
    'escríbanos',
    'espere',
    'haga',
    'inicie',
    'inténtelo',
    'introduzca',
    'llegue',
    'pague',
    'pruebe',
    'regístrese',
    'rellene',
    'restablezca',
    'revise',
    'seleccione',
    'solicite',
    'traiga',
    'utilice',
    'vuelva',
  ],
  // du, dich, dir, dein…, ihr's euch/euer…, and du imperatives that are not also a noun ("Versuche" is one).
  de: [
    'du',
    'dich',
    'dir',
    'dein',
    'deine',
    'deinem',
    'deinen',
    'deiner',
    'deines',
    'euch',
    'euer',
    'eure',
    'euren',
    'eurem',
    'eurer',
    'wähle',
    'gib',
    'prüfe',
    'klicke',
    'bestätige',
    'öffne',
    'melde',
  ],
  // ni, er, ert, era (and the old eder): the plural/polite "you" Swedish sites no longer use.
  se: ['ni', 'er', 'ert', 'era', 'eder'],
};

// One word for one thing: the car's deposit is a security deposit — caution, fianza, Kaution, deposition — never a
// down payment; the rental business is a supplier — loueur, proveedor, Vermieter, uthyrare — as the customer pages
// name it, in the console too.
const NOT_OUR_WORDS: Record<Language, readonly string[]> = {
  en: ['down payment'],
  fr: ['acompte', 'acomptes', 'fournisseur', 'fournisseurs'],
  es: ['anticipo', 'anticipos'],
  de: ['anzahlung', 'anzahlungen', 'anbieter', 'anbieters', 'anbietern', 'anbieterprofil'],
  se: [
    'handpenning',
    'handpenningen',
    'leverantör',
    'leverantören',
    'leverantörer',
    'leverantörens',
    'leverantörsprofil',
  ],
};

const letter = /[\p{L}\p{M}'’¿]/u;

/**
 * The words of `text` that belong to the other register of `language`, or that we decided not to use (lower-cased, in
 * order of appearance): [] when it is worded as it should be.
 */
export function wordingSlips(language: Language, text: string): string[] {
  const words = [...OTHER_REGISTER[language], ...NOT_OUR_WORDS[language]];
  const found: [number, string][] = [];
  const lower = text.toLocaleLowerCase(language === 'se' ? 'sv' : language);
  for (const word of words) {
    let at = lower.indexOf(word);
    while (at !== -1) {
      const before = lower[at - 1];
      const after = lower[at + word.length];
      // A whole word: no letter before it; after it, no letter — except after an elided "t'", which joins the next.
      const whole =
        (before === undefined || !letter.test(before)) &&
        (word.endsWith("'") || word.endsWith('’') || after === undefined || !letter.test(after));
      if (whole) found.push([at, word]);
      at = lower.indexOf(word, at + 1);
    }
  }
  return found.sort(([a], [b]) => a - b).map(([, word]) => word);
}
