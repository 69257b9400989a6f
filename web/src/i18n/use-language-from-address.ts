import i18next from 'i18next';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/ui/toast';
import { changeLanguage, isLanguage } from './index';

/**
 * `?l=xx` forces the interface language on any navigation, not only at start-up (spec §2), and
 * is remembered like a choice from the language menu.
 */
export function useLanguageFromAddress(): void {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('l');
  useEffect(() => {
    if (!isLanguage(requested) || requested === i18next.resolvedLanguage) return;
    changeLanguage(requested).catch((error: unknown) => {
      console.error(error);
      toast.error(i18next.t('common.errors.languageChange'));
    });
  }, [requested]);
}
