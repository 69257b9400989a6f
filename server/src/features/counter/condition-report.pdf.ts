import type { Computation, ComputationLine } from '@roam/contract/counter';
import type { FuelReading } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import { startPdf } from '#server/features/documents/receipt.pdf.ts';
import { translator } from '#server/i18n/translate.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';
import { fuelText } from './agreement.pdf.ts';

// The condition report (docs/architecture.md §5 "After the booking"), in the customer's language: the check-out and
// the return side by side — time, place, who, odometer, fuel, checklist, notes — the damages known at check-out and
// those found at return with their photos as thumbnails, and the charges with their computations line by line.

export type ReportSide = {
  at: Date;
  timeZone: string;
  place: string;
  by: string;
  odometer: number;
  fuel: FuelReading;
  checklist: { label: string; checked: boolean }[];
  notes: string;
  cleaning: boolean;
};
export type ReportDamage = { zone: string; severity: string; note: string; photos: Buffer[] };

export type ConditionReport = {
  language: Language;
  reference: string;
  car: string;
  driver: string;
  checkOut: ReportSide;
  back: ReportSide;
  damagesBefore: ReportDamage[];
  damagesNew: ReportDamage[];
  /** The charges not waived. */
  charges: Computation[];
  currency: string;
};

const MARGIN = 50;
const COLUMN = 250;

/** A computation's line as a person reads it: "Missing fuel: 22.5 l". */
export function computationLine(line: ComputationLine, currency: string, language: Language) {
  const t = translator(language, 'counter');
  const value =
    line.unit === 'money'
      ? formatMinor(line.value, currency, language)
      : line.unit === 'eighths'
        ? `${line.value}/8`
        : line.unit === 'days'
          ? t('units.days', { count: line.value })
          : `${language === 'en' ? line.value : String(line.value).replace('.', ',')} ${{ litres: 'l', percent: '%', km: 'km', minutes: 'min', hours: 'h' }[line.unit]}`;
  return `${t(`computation.${line.key}`)}: ${value}`;
}

export function conditionReportPdf(report: ConditionReport, options: { websiteName: string; issuedAt: Date }) {
  const { language } = report;
  const t = translator(language, 'counter');
  const words = translator(language, 'documents');
  const { pdf, done } = startPdf(language, {
    title: `${t('conditionReport.title')} ${report.reference}`,
    author: options.websiteName,
    createdAt: options.issuedAt,
  });
  pdf
    .fontSize(18)
    .text(`${options.websiteName} — ${t('conditionReport.title')}`)
    .fontSize(10);
  pdf.text(`${words('reference')}: ${report.reference}`);
  pdf.text(`${words('vehicle')}: ${report.car}`);
  pdf.text(`${words('driver')}: ${report.driver}`);

  // The two inspections side by side.
  pdf.moveDown();
  const top = pdf.y;
  const side = (title: string, at: ReportSide, x: number) => {
    pdf.y = top;
    const write = (text: string) => pdf.text(text, x, pdf.y, { width: COLUMN - 10 });
    pdf.fontSize(13);
    write(title);
    pdf.fontSize(10);
    write(`${t('conditionReport.when')}: ${formatLocalTime(at.at, at.timeZone, language)}`);
    write(`${t('conditionReport.where')}: ${at.place}`);
    if (at.by) write(`${t('conditionReport.by')}: ${at.by}`);
    write(`${t('pdf.odometer')}: ${at.odometer} km`);
    write(`${t('pdf.fuel')}: ${fuelText(at.fuel, t)}`);
    for (const item of at.checklist) write(`${item.checked ? '☑' : '☐'} ${item.label}`);
    if (at.cleaning) write(t('conditionReport.cleaning'));
    if (at.notes) write(`${t('pdf.notes')}: ${at.notes}`);
    return pdf.y;
  };
  const bottom = Math.max(
    side(t('conditionReport.checkOut'), report.checkOut, MARGIN),
    side(t('conditionReport.return'), report.back, MARGIN + COLUMN),
  );
  pdf.x = MARGIN;
  pdf.y = bottom;

  const damages = (title: string, list: ReportDamage[]) => {
    pdf.moveDown().fontSize(13).text(title, MARGIN).fontSize(10);
    if (list.length === 0) pdf.text(`— ${t('pdf.noDamage')}`);
    for (const damage of list) {
      pdf.text(
        `— ${t(`zones.${damage.zone}` as 'zones.roof')} (${t(`severities.${damage.severity}` as 'severities.minor')})${damage.note ? `: ${damage.note}` : ''}`,
      );
      if (damage.photos.length === 0) continue;
      if (pdf.y > 700) pdf.addPage();
      const y = pdf.y + 2;
      damage.photos.forEach((photo, index) => {
        pdf.image(photo, MARGIN + index * 80, y, { fit: [75, 56] });
      });
      pdf.x = MARGIN;
      pdf.y = y + 60;
    }
  };
  damages(t('pdf.damages'), report.damagesBefore);
  damages(t('pdf.newDamages'), report.damagesNew);

  pdf.moveDown().fontSize(13).text(t('conditionReport.charges'), MARGIN).fontSize(10);
  if (report.charges.length === 0) pdf.text(t('conditionReport.noCharges'));
  for (const computation of report.charges) {
    pdf.text(`${t(`chargeKinds.${computation.kind}`)}: ${formatMinor(computation.amount, report.currency, language)}`);
    pdf.fontSize(8);
    for (const line of computation.lines) pdf.text(`   ${computationLine(line, report.currency, language)}`);
    pdf.fontSize(10);
  }
  pdf.end();
  return done;
}
