import { LANGUAGES } from '@app/common';
import { PROBLEM_MESSAGES } from '@app/ical-import';
import { Injectable } from '@nestjs/common';
import { I18nJsonLoader, I18nTranslation } from 'nestjs-i18n';

/**
 * The translation files, plus the import's problem texts under `imports.<code>` straight from
 * libs/ical-import (same `{param}` syntax), so that an error naming a calendar line is translated
 * like any other and the texts live once.
 */
@Injectable()
export class TranslationsWithImportMessages extends I18nJsonLoader {
  protected override async parseTranslations(): Promise<I18nTranslation> {
    const translations = await super.parseTranslations();
    for (const language of LANGUAGES) {
      const catalogue = (translations[language] ?? {}) as I18nTranslation;
      catalogue.imports = PROBLEM_MESSAGES[language] as unknown as I18nTranslation;
      translations[language] = catalogue;
    }
    return translations;
  }
}
