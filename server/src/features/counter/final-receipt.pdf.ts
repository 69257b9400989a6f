import { catalogueExtraName } from '@roam/contract/catalogue-extras';
import type { ChargeKind, CounterPaymentMethod } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { PriceLine } from '@roam/contract/price';
import { startPdf } from '#server/features/documents/receipt.pdf.ts';
import { translator } from '#server/i18n/translate.ts';
import { formatLocalDate, formatLocalTime } from '#server/lib/local-time.ts';

// The final receipt of a closed rental (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"), in
// the customer's language: the rental as bought (the receipt's price lines), the charges at return and after — a
// waived line shown with its reason and not charged — every payment with its method and every refund, and the balance
// (0: a rental is closed only when settled). Drawn once at the close and stored; what it prints is what was charged.

export type FinalReceipt = {
  language: Language;
  reference: string;
  car: string;
  driver: string;
  supplier: string;
  pickup: { at: Date; timeZone: string; place: string };
  dropoff: { at: Date; timeZone: string; place: string };
  currency: string;
  rentalDays: number;
  /** The rental as bought: the price engine's lines at the booking's own terms (or one line of its total). */
  lines: PriceLine[];
  charges: { kind: ChargeKind; amount: number; note: string; waivedReason: string | null }[];
  payments: { at: Date; amount: number; method: CounterPaymentMethod | 'online'; deposit: boolean }[];
  refunds: { at: Date; amount: number }[];
  /** What was owed (the rental and the charges not waived), paid (net of refunds), and the balance. */
  total: number;
  paid: number;
  balance: number;
};

export function finalReceiptPdf(receipt: FinalReceipt, options: { websiteName: string; issuedAt: Date }) {
  const { language, currency } = receipt;
  const t = translator(language, 'counter');
  const words = translator(language, 'documents');
  const money = (amount: number) => formatMinor(amount, currency, language);
  const { pdf, done } = startPdf(language, {
    title: `${t('finalReceipt.title')} ${receipt.reference}`,
    author: options.websiteName,
    createdAt: options.issuedAt,
  });
  pdf.fontSize(18).text(`${options.websiteName} — ${t('finalReceipt.title')}`);
  pdf.moveDown(0.5).fontSize(10);
  const fact = (label: string, value: string) => pdf.text(`${label}: ${value}`);
  fact(words('reference'), receipt.reference);
  fact(words('issuedOn'), formatLocalDate(options.issuedAt, receipt.dropoff.timeZone, language));
  fact(words('supplier'), receipt.supplier);
  fact(words('driver'), receipt.driver);
  fact(words('vehicle'), receipt.car);
  const place = (label: string, where: FinalReceipt['pickup']) =>
    fact(label, `${formatLocalTime(where.at, where.timeZone, language)} — ${where.place}`);
  place(words('pickup'), receipt.pickup);
  place(words('dropoff'), receipt.dropoff);

  const heading = (text: string) => pdf.moveDown().fontSize(13).text(text).fontSize(10);
  heading(t('finalReceipt.rental'));
  for (const line of receipt.lines) {
    const name =
      line.item === 'rental'
        ? words('rental', { count: receipt.rentalDays })
        : line.item === 'catalogueExtra'
          ? catalogueExtraName(line, language)
          : words(`extras.${line.item}`);
    const quantity = line.quantity > 1 ? ` × ${line.quantity}` : '';
    pdf.text(`${name}${quantity}: ${line.amount === 0 ? words('included') : money(line.amount)}`);
  }

  heading(t('finalReceipt.charges'));
  if (receipt.charges.length === 0) pdf.text(t('conditionReport.noCharges'));
  for (const charge of receipt.charges) {
    const kind = t(`chargeKinds.${charge.kind}`);
    const note = charge.note ? ` (${charge.note})` : '';
    pdf.text(
      charge.waivedReason === null
        ? `${kind}${note}: ${money(charge.amount)}`
        : `${kind}${note}: ${money(charge.amount)} — ${t('finalReceipt.notCharged')}, ${t('finalReceipt.waived', { reason: charge.waivedReason })}`,
    );
  }

  heading(t('finalReceipt.payments'));
  for (const payment of receipt.payments) {
    const how = t(`finalReceipt.methods.${payment.method}`);
    const what = payment.deposit ? ` (${t('finalReceipt.securityDeposit')})` : '';
    pdf.text(
      `${formatLocalDate(payment.at, receipt.dropoff.timeZone, language)} — ${how}${what}: ${money(payment.amount)}`,
    );
  }
  for (const refund of receipt.refunds) {
    pdf.text(
      `${formatLocalDate(refund.at, receipt.dropoff.timeZone, language)} — ${t('finalReceipt.refund')}: −${money(refund.amount)}`,
    );
  }

  pdf.moveDown();
  fact(words('total'), money(receipt.total));
  fact(t('finalReceipt.paid'), money(receipt.paid));
  pdf.fontSize(12);
  fact(t('finalReceipt.balance'), money(receipt.balance));
  pdf
    .moveDown(2)
    .fontSize(10)
    .text(words('thanks', { websiteName: options.websiteName }));
  pdf.end();
  return done;
}
