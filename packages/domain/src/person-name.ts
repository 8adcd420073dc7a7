/**
 * Myinfo gives one full name ("TAN WEI MING", "AHMAD FAIZAL BIN HASSAN", "PRIYA D/O RAMAN"); our forms
 * ask for a first and a last name (issue 49). The split is a suggestion the person may correct: every
 * split of the name's words is offered, and the full name is kept as given.
 */

/** Words that begin the father's-name part of Malay and Indian names: it is the last name with them. */
const PATRONYMIC = new Set(['BIN', 'BINTE', 'BINTI', 'S/O', 'D/O', 'A/L', 'A/P']);

/**
 * Surnames that come first in Singapore's Chinese names as Myinfo writes them (the commonest; the
 * rest are split as Western names are, which the person can correct).
 */
const LEADING_SURNAMES = new Set(
  (
    'TAN LIM LEE NG ONG WONG GOH CHUA CHAN KOH TEO ANG YEO TAY HO LOW TOH SIM CHONG CHIA SEAH LAU ' +
    'CHEN ZHANG WANG LIU LI HUANG ZHOU WU XU SUN HU ZHU GAO LIN HE GUO LUO YANG ZHAO QUEK KWEK LAI ' +
    'FOO PANG POH PEH SOH TEH YAP YONG YIP LOKE LEONG LOH KHOO CHEONG CHEW CHIN CHOO FONG HENG HOON ' +
    'KANG KOK KUAH LAM LEOW LER LIEW MAH NEO NEOH PHUA QUAH SEOW SIOW TANG TNG TOO WEE WEI YEOH YEW'
  ).split(' '),
);

export interface NameSplit {
  firstName: string;
  lastName: string;
}

/** 'TAN WEI MING' -> 'Tan Wei Ming'; 'D/O' and 'S/O' stay as written in capitals. */
export function titleCaseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((w) =>
      PATRONYMIC.has(w.toUpperCase()) && w.includes('/')
        ? w.toUpperCase()
        : w
            .toLowerCase()
            .replace(/(^|[-'’(])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase()),
    )
    .join(' ');
}

/** Every way to split the name's words into a non-empty first and last name, first name growing. */
export function nameSplits(fullName: string): NameSplit[] {
  const words = titleCaseName(fullName).split(' ').filter(Boolean);
  if (words.length < 2) return [{ firstName: words[0] ?? '', lastName: words[0] ?? '' }];
  return words.slice(1).map((_, i) => ({
    firstName: words.slice(0, i + 1).join(' '),
    lastName: words.slice(i + 1).join(' '),
  }));
}

/** The split to suggest first: see the module's comment. A one-word name is both names. */
export function splitFullName(fullName: string): NameSplit {
  const words = titleCaseName(fullName).split(' ').filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: words[0] ?? '' };
  const upper = words.map((w) => w.toUpperCase());
  const patronymic = upper.findIndex((w, i) => i > 0 && PATRONYMIC.has(w));
  if (patronymic > 0) {
    return { firstName: words.slice(0, patronymic).join(' '), lastName: words.slice(patronymic).join(' ') };
  }
  // A Chinese name: surname first ("TAN WEI MING"); with a Western given name after a comma
  // ("TAN WEI MING, JOHN") the comma's part is ignored here and stays in the full name.
  const [surname, ...given] = words.map((w) => w.replace(/,$/, ''));
  if (LEADING_SURNAMES.has(upper[0]!.replace(/,$/, '')) && words.length >= 2) {
    const comma = words.findIndex((w) => w.endsWith(','));
    const rest = comma >= 0 ? given.slice(0, comma) : given;
    return { firstName: rest.join(' ') || surname!, lastName: surname! };
  }
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}
