import { useEffect } from 'react';
import type { MessageTranslator } from './form-messages';

/**
 * While the calling screen is shown, the one form hook's fields show the messages `translators` know in the reader's
 * words (lib/form-messages.ts addMessageTranslator). Give translators defined once (module constants): each new one
 * adds them again. The map loads lazily, as every form loads it.
 */
export function useMessageTranslators(translators: readonly MessageTranslator[]): void {
  useEffect(() => {
    let live = true;
    const removes: (() => void)[] = [];
    void import('./form-messages').then((messages) => {
      if (!live) return;
      for (const translate of translators) removes.push(messages.addMessageTranslator(translate));
    });
    return () => {
      live = false;
      for (const remove of removes) remove();
    };
  }, [translators]);
}
