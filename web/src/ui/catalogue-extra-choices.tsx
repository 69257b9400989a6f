import {
  type BookedCatalogueExtra,
  catalogueExtraLines,
  type OfferedCatalogueExtra,
} from '@roam/contract/catalogue-extras';
import { type PriceExtraLines, withPriceChange } from '@roam/contract/price';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import './extras-toggles.css';
import './catalogue-extra-choices.css';

// A business's own extras as a customer or the desk chooses them (docs/architecture.md §5 "Catalogue extras"): a
// quantity for each, up to its most and what is left at the place; the sold-out ones disabled; the mandatory ones
// fixed at one. Each label is the contract's unit (the supplier's percentage in), so label × days is the line the
// one price engine makes of it (`catalogueExtraLines`). The checkout's lazy section and the walk-in screen show it.

/** The quantity chosen of each extra, by its id; a mandatory one is one whatever this says. */
export type CatalogueChoice = Record<string, number>;

/** The extras a booking takes by `choice` (the mandatory ones in), as checkout's body and the price engine take them. */
export function chosenCatalogueExtras(offered: readonly OfferedCatalogueExtra[], choice: CatalogueChoice) {
  return offered.flatMap((extra): BookedCatalogueExtra[] => {
    const quantity = extra.mandatory ? Math.max(1, choice[extra._id] ?? 1) : (choice[extra._id] ?? 0);
    if (quantity <= 0) return [];
    const { _id: id, names, charge, price, maxPerRental, mandatory } = extra;
    return [{ id, names, charge, price, maxPerRental, quantity, mandatory }];
  });
}

/** The chosen extras and their lines for the price engine. */
export function cataloguePricing(offered: readonly OfferedCatalogueExtra[], choice: CatalogueChoice) {
  const chosen = chosenCatalogueExtras(offered, choice);
  const lines: PriceExtraLines | undefined = chosen.length > 0 ? catalogueExtraLines(chosen) : undefined;
  return { chosen, lines };
}

type Props = {
  /** Prefixes the fields' ids. */
  id: string;
  offered: readonly OfferedCatalogueExtra[];
  choice: CatalogueChoice;
  onChoice: (choice: CatalogueChoice) => void;
  /** The supplier's percentage, in every label. */
  priceChangeRate: number;
  /** An amount in EUR minor units as the reader sees money. */
  format: (amount: number) => string;
};

export function CatalogueExtraChoices({ id, offered, choice, onChoice, priceChangeRate, format }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label = (extra: OfferedCatalogueExtra) => {
    const unit = format(withPriceChange(extra.price, priceChangeRate));
    if (extra.charge === 'perRental') return t('checkout.catalogue.perRental', { price: unit });
    const most = extra.maxPerRental === null ? null : format(withPriceChange(extra.maxPerRental, priceChangeRate));
    return most
      ? t('checkout.catalogue.perDayMost', { price: unit, most })
      : t('checkout.catalogue.perDay', { price: unit });
  };
  return (
    <ul className="catalogue-extras">
      {offered.map((extra) => {
        const most = Math.min(extra.maxQuantity, extra.left ?? extra.maxQuantity);
        const field = `${id}-${extra._id}`;
        return (
          <li key={extra._id} className="catalogue-extras__item">
            <label htmlFor={field}>{extra.names[language] || extra.names.en}</label>
            <span id={`${field}-price`} className="extras-toggles__price">
              {label(extra)}
              {extra.mandatory ? ` · ${t('checkout.catalogue.mandatory')}` : ''}
              {most === 0 && !extra.mandatory ? ` · ${t('checkout.catalogue.soldOut')}` : ''}
            </span>
            <select
              id={field}
              aria-describedby={`${field}-price`}
              disabled={extra.mandatory || most === 0}
              value={extra.mandatory ? 1 : (choice[extra._id] ?? 0)}
              onChange={(event) => onChoice({ ...choice, [extra._id]: Number(event.target.value) })}
            >
              {[...Array(Math.max(most, extra.mandatory ? 1 : 0) + 1).keys()].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </li>
        );
      })}
    </ul>
  );
}
