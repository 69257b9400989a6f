import { LOWEST_DRIVER_AGE } from '@roam/contract/booking-rules';
import type { BLOCK_MESSAGES } from '@roam/contract/car-blocks';
import type { FLEET_MESSAGES } from '@roam/contract/fleet';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useFormats } from '#web/i18n/formats';
import type { MessageTranslator } from '#web/lib/form-messages';

// The operator's rules speak the contract's English (FLEET_MESSAGES, BLOCK_MESSAGES); the console's forms show them
// translated at their fields through the one form hook, whose message map (lib/form-messages.ts) customers' forms
// share: so the console adds its translator there while one of its forms is shown, rather than its words to the
// map. The contract's messages load with the forms' schemas (the same chunks), not with the screens. The map loads
// lazily, as customers' forms load it: a static import would change its chunk for them (docs/architecture.md §7).

const REQUIRED = /^Please fill in the field: (.+)$/;
const OVERLAP = /^This period overlaps the period (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})\.$/;

type Fleet = typeof FLEET_MESSAGES;
type Blocks = typeof BLOCK_MESSAGES;

function translator(fleet: Fleet, blocks: Blocks, day: (date: string) => string) {
  return (t: TFunction, message: string): string | undefined => {
    const overlap = OVERLAP.exec(message);
    if (overlap)
      return t('operatorCars.errors.periodOverlap', { start: day(overlap[1] ?? ''), end: day(overlap[2] ?? '') });
    // The server names a missing field in English ('Supplier', 'Name'): the form names it in the reader's language.
    const missing = REQUIRED.exec(message)?.[1];
    if (missing === 'Supplier') return t('forms.requiredField', { field: t('operatorCars.fields.supplier') });
    if (missing === 'Name') return t('forms.requiredField', { field: t('operatorCars.fields.name') });
    switch (message) {
      case fleet.invalidPrice:
        return t('operatorCars.errors.invalidPrice');
      case fleet.discountNotLower:
        return t('operatorCars.errors.discountNotLower');
      case fleet.discountWithoutPrice:
        return t('operatorCars.errors.discountWithoutPrice');
      case fleet.invalidExtra:
        return t('operatorCars.errors.invalidPrice');
      case fleet.invalidMileage:
        return t('operatorCars.errors.invalidMileage');
      case fleet.invalidPlate:
        return t('operatorCars.errors.invalidPlate');
      case fleet.plateTaken:
        return t('operatorCars.errors.plateTaken');
      case fleet.minimumAge:
        return t('operatorCars.errors.minimumAge', { age: LOWEST_DRIVER_AGE });
      case fleet.noLocation:
        return t('operatorCars.errors.noLocation');
      case fleet.unknownLocation:
      case fleet.unknownSupplier:
      case fleet.supplierFixed:
        return t('operatorCars.errors.stale');
      case fleet.periodOrder:
        return t('operatorCars.errors.periodOrder');
      case fleet.noPeriod:
        return t('operatorCars.errors.noPeriod');
      case blocks.endBeforeStart:
        return t('operatorCars.errors.endBeforeStart');
      case blocks.overlaps:
        return t('operatorCars.errors.blockOverlaps');
      case blocks.tooLong:
        return t('operatorCars.errors.blockTooLong');
      default:
        return undefined;
    }
  };
}

/**
 * While the calling form is shown, its fields show the operator rules' messages (and `own`'s) in the interface
 * language; returns the translation of any message once they do (a screen that shows messages outside a form, the
 * import's report, renders again then), null before.
 */
export function useFleetMessages(own?: MessageTranslator): ((t: TFunction, message: string) => string) | null {
  const formats = useFormats();
  const [translate, setTranslate] = useState<{ message: (t: TFunction, message: string) => string } | null>(null);
  useEffect(() => {
    let live = true;
    const removes: (() => void)[] = [];
    void Promise.all([
      import('@roam/contract/fleet'),
      import('@roam/contract/car-blocks'),
      import('#web/lib/form-messages'),
    ]).then(([fleet, blocks, messages]) => {
      if (!live) return;
      const day = (date: string) =>
        formats.date(new Date(`${date}T12:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
      removes.push(messages.addMessageTranslator(translator(fleet.FLEET_MESSAGES, blocks.BLOCK_MESSAGES, day)));
      if (own) removes.push(messages.addMessageTranslator(own));
      setTranslate({ message: messages.translateMessage });
    });
    return () => {
      live = false;
      for (const remove of removes) remove();
    };
  }, [formats, own]);
  return translate?.message ?? null;
}
