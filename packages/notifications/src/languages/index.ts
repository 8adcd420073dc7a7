import type { Language } from '@hs/domain';
import { MS_EMAILS } from './ms';
import { TA_EMAILS } from './ta';
import { ZH_EMAILS } from './zh';

/**
 * The booking emails in the other three languages (issue 26), by config key. English is the email
 * configs staff edit; a type or language missing here falls back to it.
 */
export const TRANSLATED_EMAILS: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  zh: ZH_EMAILS,
  ms: MS_EMAILS,
  ta: TA_EMAILS,
};
