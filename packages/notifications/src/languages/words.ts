/**
 * The words of every customer email (issue 46), as the string catalogue holds them (issue 44:
 * ../../locales/{en,zh,ms,ta}.json, read by ../catalogue.ts): each word in its language, English for
 * any word a language lacks, the email's variables as `<%= name %>`. The markup is build.ts's alone.
 */
import type { EmailWordKey } from '../catalogue';

export type EmailWords = Record<EmailWordKey, string>;
