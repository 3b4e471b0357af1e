import { IsIn, IsOptional } from 'class-validator';
import { LANGUAGES } from '../i18n/language';

/** Every route accepts `translation_language` (docs/api-rules.md, Addresses and languages); declaring it keeps it through whitelisting. */
export class LocalizedQuery {
  /** Language of messages and descriptions in the response. */
  @IsOptional()
  @IsIn(LANGUAGES)
  translation_language?: 'en' | 'de';
}
