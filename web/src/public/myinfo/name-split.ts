/** A way to split Myinfo's one full name into the form's first and last name. */
export interface NameSplit {
  firstName: string;
  lastName: string;
}

const titleCase = (word: string) =>
  word.toLowerCase().replace(/(^|[-'’(])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * Every split of the full name's words in their order: the family name first (as in "TAN WEI MING")
 * or last (as in "NUR AISYAH BINTE RAHMAN"). The server's suggestion comes first; each word is spelt
 * as the suggestion spells it (its title case), else title-cased here.
 */
export function nameSplits(fullName: string, suggested: NameSplit): NameSplit[] {
  const spelt = new Map(
    `${suggested.firstName} ${suggested.lastName}`
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => [w.toLowerCase(), w]),
  );
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => spelt.get(w.toLowerCase()) ?? titleCase(w));
  const all: NameSplit[] = [{ firstName: suggested.firstName.trim(), lastName: suggested.lastName.trim() }];
  for (let k = 1; k < words.length; k += 1) {
    const head = words.slice(0, k).join(' ');
    const tail = words.slice(k).join(' ');
    all.push({ firstName: tail, lastName: head }, { firstName: head, lastName: tail });
  }
  const seen = new Set<string>();
  return all.filter((s) => {
    const key = `${s.firstName}|${s.lastName}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
