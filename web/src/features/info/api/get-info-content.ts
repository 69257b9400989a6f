import type { Language } from '@roam/contract/languages';
import { queryOptions } from '@tanstack/react-query';

export type InfoPageName = 'about' | 'tos' | 'privacy' | 'faq' | 'cookie-policy';

/** One page of long text, in one language. Strings may hold {{websiteName}}, {{contactEmail}}, {{minDriverAge}}. */
export interface InfoContent {
  intro: string;
  sections: InfoSection[];
}

export interface InfoSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** FAQ entries, shown as a disclosure list. */
  questions?: { question: string; answer: string }[];
}

// The long texts stay out of the entry chunk and the locale files: each page and language is its own lazy chunk.
const loaders = import.meta.glob<InfoContent>('../content/*.json', { import: 'default' });

export function loadInfoContent(page: InfoPageName, language: Language): Promise<InfoContent> {
  const load = loaders[`../content/${page}.${language}.json`] ?? loaders[`../content/${page}.en.json`];
  if (!load) throw new Error(`no content for ${page}`);
  return load();
}

export const infoContentQueryOptions = (page: InfoPageName, language: Language) =>
  queryOptions({
    queryKey: ['info-content', page, language] as const,
    queryFn: () => loadInfoContent(page, language),
    staleTime: Number.POSITIVE_INFINITY,
  });
