import type { FuelPolicy } from '@roam/contract/cars';
import { catalogueExtraName } from '@roam/contract/catalogue-extras';
import { fuelEighthsLabel } from '@roam/contract/counter';
import type { CounterAdditionalDriver, FuelReading, LicenceCheck, Signature } from '@roam/contract/counter.schema';
import { formatMinor } from '@roam/contract/money';
import { rentalDays } from '@roam/contract/time';
import type { BookingDocument } from '#server/features/documents/booking-document.rules.ts';
import { startPdf } from '#server/features/documents/receipt.pdf.ts';
import { translator } from '#server/i18n/translate.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';

// The rental agreement (docs/architecture.md §5 "After the booking"), in the customer's language (words:
// i18n/locales/<language>/counter.json and documents.json): the parties, the car and its plate, the period and places
// at their clocks, the price lines with extras and insurance, the security deposit, the mileage allowance and fuel
// policy, the condition at check-out with its damage list, the supplier's terms, and the signature. A draft says so.

export type AgreementFacts = {
  document: BookingDocument;
  version: number;
  plate: string | null;
  fuelPolicy: FuelPolicy;
  /** Km per day; −1 unlimited. */
  mileagePerDay: number;
  licence: LicenceCheck | null;
  additionalDrivers: readonly CounterAdditionalDriver[];
  /** The check-out's readings; null when signed online before the car is handed over. */
  condition: {
    odometer: number;
    fuel: FuelReading;
    checklist: { label: string; checked: boolean }[];
    notes: string;
  } | null;
  damages: readonly { zone: string; severity: string; note: string }[];
  terms: string;
  signature: { method: Signature['method']; signerName: string; at: Date; png: Buffer | null } | null;
};

export function fuelText(fuel: FuelReading, t: ReturnType<typeof translator<'counter'>>) {
  return fuel.kind === 'eighths'
    ? t('pdf.fuelEighths', { eighths: fuelEighthsLabel(fuel.eighths) })
    : t('pdf.battery', { percent: fuel.percent });
}

export function agreementPdf(facts: AgreementFacts, options: { websiteName: string; issuedAt: Date }) {
  const { document } = facts;
  const { language } = document;
  const t = translator(language, 'counter');
  const words = translator(language, 'documents');
  const money = (amount: number) => formatMinor(amount, document.money.currency, language);
  const at = (instant: Date, timeZone: string) => formatLocalTime(instant, timeZone, language);
  const { pdf, done } = startPdf(language, {
    title: `${t('agreement.title')} ${document.reference}`,
    author: options.websiteName,
    createdAt: options.issuedAt,
  });
  const heading = (text: string) => pdf.moveDown(0.8).fontSize(13).text(text).moveDown(0.2).fontSize(10);
  const fact = (label: string, value: string) => pdf.text(`${label}: ${value}`);

  pdf.fontSize(18).text(`${options.websiteName} — ${t('agreement.title')}`);
  if (!facts.signature) pdf.fontSize(12).fillColor('#b00020').text(t('agreement.draft')).fillColor('black');
  pdf.fontSize(10);
  fact(words('reference'), document.reference);
  fact(t('agreement.version'), String(facts.version));
  fact(words('issuedOn'), at(options.issuedAt, document.pickup.timeZone));

  heading(t('agreement.parties'));
  fact(words('supplier'), `${document.supplier.name} · ${document.supplier.email}`);
  fact(
    words('driver'),
    [document.driver.name, document.driver.email, document.driver.phone].filter(Boolean).join(' · '),
  );
  if (facts.licence) {
    const { licence } = facts;
    fact(
      t('agreement.licence'),
      `${licence.licenseNumber} (${licence.licenseCountry}), ${t('agreement.validUntil')} ${licence.licenseExpiresOn}`,
    );
    fact(t('agreement.birthDate'), licence.birthDate);
  }
  for (const other of facts.additionalDrivers) {
    fact(
      t('agreement.additionalDriver'),
      `${other.fullName} · ${other.licenseNumber} (${other.licenseCountry}), ${t('agreement.validUntil')} ${other.licenseExpiresOn}`,
    );
  }

  heading(t('agreement.rental'));
  fact(words('vehicle'), facts.plate ? `${document.carName} · ${facts.plate}` : document.carName);
  const place = (label: string, where: BookingDocument['pickup']) =>
    fact(label, `${at(where.at, where.timeZone)} — ${where.name}${where.address ? `, ${where.address}` : ''}`);
  place(words('pickup'), document.pickup);
  place(words('dropoff'), document.dropoff);
  const days = rentalDays(document.pickup.at, document.dropoff.at);
  fact(
    t('agreement.mileage'),
    facts.mileagePerDay < 0
      ? t('agreement.unlimited')
      : t('agreement.mileageLimited', { perDay: facts.mileagePerDay, total: facts.mileagePerDay * days }),
  );
  fact(t('agreement.fuelPolicy'), t(`fuelPolicies.${facts.fuelPolicy}`));

  heading(t('agreement.price'));
  for (const line of document.money.lines) {
    const name =
      line.item === 'rental'
        ? words('rental', { count: days })
        : line.item === 'catalogueExtra'
          ? catalogueExtraName(line, language)
          : words(`extras.${line.item}`);
    pdf.text(
      `${name}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ${line.amount === 0 ? words('included') : money(line.amount)}`,
    );
  }
  fact(words('total'), money(document.money.total));
  const held = document.money.securityDepositHeld;
  // Held on the card, the payer's PayPal or at the desk (docs/decisions/0014-charges-after-the-rental.md, point 10).
  const heldOn = () => t(`agreement.depositHeld.${document.money.securityDepositOn}`, { amount: money(held) });
  fact(
    words('securityDeposit'),
    held > 0 ? `${money(document.money.securityDeposit)} (${heldOn()})` : money(document.money.securityDeposit),
  );

  heading(t('agreement.condition'));
  if (facts.condition) {
    fact(t('pdf.odometer'), `${facts.condition.odometer} km`);
    fact(t('pdf.fuel'), fuelText(facts.condition.fuel, t));
    for (const item of facts.condition.checklist) pdf.text(`${item.checked ? '☑' : '☐'} ${item.label}`);
    if (facts.condition.notes) fact(t('pdf.notes'), facts.condition.notes);
  } else {
    pdf.text(t('agreement.conditionAtCounter'));
  }
  pdf.moveDown(0.3).text(t('pdf.damages'));
  if (facts.damages.length === 0) pdf.text(`— ${t('pdf.noDamage')}`);
  for (const damage of facts.damages) {
    pdf.text(
      `— ${t(`zones.${damage.zone}` as 'zones.roof')} (${t(`severities.${damage.severity}` as 'severities.minor')})${damage.note ? `: ${damage.note}` : ''}`,
    );
  }

  heading(t('agreement.terms'));
  pdf
    .fontSize(9)
    .text(facts.terms || t('agreement.defaultTerms'))
    .fontSize(10);

  heading(t('agreement.signature'));
  if (!facts.signature) {
    pdf.text(t('agreement.unsigned'));
  } else {
    const { signature } = facts;
    if (signature.png) pdf.image(signature.png, { fit: [220, 80] }).moveDown(0.3);
    else pdf.fontSize(16).text(signature.signerName).fontSize(10);
    pdf.text(t('agreement.signedBy', { name: signature.signerName, at: at(signature.at, document.pickup.timeZone) }));
    pdf.text(t(signature.method === 'drawn' ? 'agreement.drawn' : 'agreement.typed'));
  }
  pdf.end();
  return done;
}
