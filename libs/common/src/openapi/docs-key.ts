/** Texts of the API documentation that are not DTO comments are written as keys of docs.json. */
export const DOCS_KEY_PREFIX = 'docs.';

export const docsKey = (key: string): string => `${DOCS_KEY_PREFIX}${key}`;
