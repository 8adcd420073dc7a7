/**
 * How an email greets the customer (issue 46): names follow the language's convention. Chinese puts
 * the family name first, joined without a space when both sides are Chinese characters and with one
 * otherwise ("Lee Ah Kow", "陈美玲"); English, Malay and Tamil greet by the given name ("Dear Ah Kow,").
 */
import type { Language } from '@hs/domain';

const HAN = /\p{Script=Han}/u;

export function greetingName(language: Language, firstName: string, lastName: string): string {
  const given = (firstName ?? '').trim();
  const family = (lastName ?? '').trim();
  if (language !== 'zh') return given || family;
  if (!family || !given) return family || given;
  const joined = HAN.test(family.at(-1)!) && HAN.test(given[0]!);
  return joined ? `${family}${given}` : `${family} ${given}`;
}
