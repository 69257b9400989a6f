import { ExtrasToggles } from '#web/ui/extras-toggles';
import type { CheckoutForm } from '../lib/use-checkout-form';

/** The extras, each a switch whose price shows beside it (spec §2 booking options). */
export function ExtrasSection({
  checkout,
  car,
}: {
  checkout: CheckoutForm;
  car: Parameters<typeof ExtrasToggles>[0]['car'];
}) {
  return (
    <section className="checkout-section">
      <ExtrasToggles car={car} value={checkout.extras} onChange={checkout.setExtras} />
    </section>
  );
}
