import type { Damage } from '@roam/contract/counter';
import { DAMAGE_SEVERITIES, type DamageSeverity, type VehicleBody } from '@roam/contract/counter';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { TextAreaField, TextField } from '#web/ui/form-field';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { type DamageDraft, newDamage } from '../lib/damage-draft';
import { DamagePhotos } from './damage-photos';
import { PhotoInput } from './photo-input';
import { VehicleDiagram, type ZoneMarks } from './vehicle-diagram';

// Damage on the vehicle's diagram (docs/architecture.md §5 "After the booking"): the car's open damage marked where
// it is, with its photos; a position chosen opens what is recorded there and a new damage's severity, note, photos —
// and at the return the amount charged for it. What is added is listed, and can be taken out, until the form is sent.

interface DamagePanelProps {
  bookingId: string;
  body: VehicleBody;
  /** The car's open damage (recorded before, or at this booking's check-out). */
  existing: readonly Damage[];
  added: readonly DamageDraft[];
  onChange: (damages: DamageDraft[]) => void;
  /** At the return: the booking's currency, for each damage's amount. */
  currency?: string;
  /** The form's error at a damage's field (`damages.0.zone`). */
  errorOf: (path: string) => string | undefined;
}

export function DamagePanel({ bookingId, body, existing, added, onChange, currency, errorOf }: DamagePanelProps) {
  const { t } = useTranslation();
  const [zone, setZone] = useState<string | null>(null);
  const marks: Record<string, ZoneMarks> = {};
  const mark = (id: string) => {
    marks[id] ??= { before: 0, now: 0 };
    return marks[id];
  };
  for (const damage of existing) mark(damage.zone).before += 1;
  for (const damage of added) mark(damage.zone).now += 1;
  const zoneName = (id: string) => t(`operatorCounter.zone.${id}` as never);

  return (
    <div className="damage-panel">
      <div className="damage-panel__diagram">
        <VehicleDiagram body={body} marks={marks} selected={zone} onSelect={setZone} />
        <p className="form-field__hint">{t('operatorCounter.diagram.hint')}</p>
      </div>
      <div className="damage-panel__side">
        {zone ? (
          <ZoneEditor
            key={zone}
            bookingId={bookingId}
            zone={zone}
            name={zoneName(zone)}
            existing={existing.filter((damage) => damage.zone === zone)}
            currency={currency}
            onAdd={(draft) => onChange([...added, draft])}
            onClose={() => setZone(null)}
          />
        ) : null}
        <h4 className="damage-panel__title">{t('operatorCounter.damage.addedTitle')}</h4>
        {added.length === 0 ? (
          <p className="form-field__hint">{t('operatorCounter.damage.noneAdded')}</p>
        ) : (
          <ul className="damage-list">
            {added.map((damage, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a damage is its place in the list (the schema's path)
              <li key={index} className="damage-list__item">
                <span className="damage-list__what">
                  {t('operatorCounter.damage.summary', {
                    zone: zoneName(damage.zone),
                    severity: t(`operatorCounter.severity.${damage.severity}`),
                  })}
                </span>
                {damage.note ? <span className="damage-list__note">{damage.note}</span> : null}
                <span className="damage-list__note">
                  {t('operatorCounter.photos.count', { count: damage.photoFileIds.length })}
                  {currency && damage.amount ? ` · ${damage.amount} ${currency}` : ''}
                </span>
                {[
                  errorOf(`damages.${index}.zone`),
                  errorOf(`damages.${index}.photoFileIds`),
                  errorOf(`damages.${index}.amount`),
                ]
                  .filter(Boolean)
                  .map((error) => (
                    <span key={error} className="field-error">
                      {error}
                    </span>
                  ))}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onChange(added.filter((_, at) => at !== index))}
                >
                  {t('operatorCounter.damage.remove', { zone: zoneName(damage.zone) })}
                </button>
              </li>
            ))}
          </ul>
        )}
        <ExistingDamage existing={existing} zoneName={zoneName} />
      </div>
    </div>
  );
}

function ExistingDamage({ existing, zoneName }: { existing: readonly Damage[]; zoneName: (id: string) => string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <>
      <h4 className="damage-panel__title">{t('operatorCounter.damage.existingTitle')}</h4>
      {existing.length === 0 ? (
        <p className="form-field__hint">{t('operatorCounter.damage.noneExisting')}</p>
      ) : (
        <ul className="damage-list">
          {existing.map((damage) => (
            <li key={damage._id} className="damage-list__item">
              <span className="damage-list__what">
                {t('operatorCounter.damage.summary', {
                  zone: zoneName(damage.zone),
                  severity: t(`operatorCounter.severity.${damage.severity}`),
                })}
              </span>
              <span className="damage-list__note">
                {damage.foundAt
                  ? t(`operatorCounter.damage.foundAt.${damage.foundAt}`)
                  : t('operatorCounter.damage.recordedOn', {
                      date: formats.date(new Date(damage.recordedAt), { dateStyle: 'medium' }),
                    })}
                {damage.note ? ` · ${damage.note}` : ''}
              </span>
              <DamagePhotos photos={damage.photos} zone={zoneName(damage.zone)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface ZoneEditorProps {
  bookingId: string;
  zone: string;
  name: string;
  existing: readonly Damage[];
  currency?: string;
  onAdd: (damage: DamageDraft) => void;
  onClose: () => void;
}

/** A position chosen: what is recorded there, and a new damage to add. */
function ZoneEditor({ bookingId, zone, name, existing, currency, onAdd, onClose }: ZoneEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DamageDraft>(newDamage(zone));
  const [busy, setBusy] = useState(false);
  // A new photo input after each damage added: the next damage starts with none.
  const [round, setRound] = useState(0);
  const [added, setAdded] = useState(false);
  // Chosen on the diagram (a tap, or Enter on a position): the keyboard goes on from here, not through every position.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="zone-editor" aria-labelledby={`zone-${zone}`}>
      <h4 ref={heading} id={`zone-${zone}`} className="zone-editor__title" tabIndex={-1}>
        {name}
      </h4>
      {existing.length > 0 ? (
        <p className="form-field__hint">{t('operatorCounter.damage.hereBefore', { count: existing.length })}</p>
      ) : null}
      <ChoiceGroup<DamageSeverity>
        label={t('operatorCounter.damage.severity')}
        name={`severity-${zone}`}
        value={draft.severity}
        onChange={(severity) => setDraft({ ...draft, severity })}
        options={DAMAGE_SEVERITIES.map((value) => ({ value, label: t(`operatorCounter.severity.${value}`) }))}
      />
      <TextAreaField
        label={t('operatorCounter.damage.note')}
        name={`note-${zone}`}
        value={draft.note}
        onChange={(note) => setDraft({ ...draft, note })}
        maxLength={500}
        rows={2}
      />
      <PhotoInput
        key={round}
        bookingId={bookingId}
        onChange={(photoFileIds, uploading) => {
          setDraft((current) => ({ ...current, photoFileIds }));
          setBusy(uploading);
        }}
      />
      {currency ? (
        <TextField
          label={t('operatorCounter.damage.amount', { currency })}
          name={`amount-${zone}`}
          value={draft.amount}
          onChange={(amount) => setDraft({ ...draft, amount })}
          inputMode="decimal"
          autoComplete="off"
          description={t('operatorCounter.damage.amountHint')}
        />
      ) : null}
      <div className="zone-editor__actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            onAdd(draft);
            setDraft(newDamage(zone));
            setRound(round + 1);
            setAdded(true);
          }}
        >
          {t('operatorCounter.damage.add')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('operatorCounter.damage.close')}
        </button>
      </div>
      <p className="form-field__hint" role="status">
        {busy ? t('operatorCounter.damage.waitPhotos') : added ? t('operatorCounter.damage.added', { zone: name }) : ''}
      </p>
    </section>
  );
}
