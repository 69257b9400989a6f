import type { CarBlock } from '@roam/contract/car-blocks';
import { BLOCK_REASONS } from '@roam/contract/car-blocks';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, SelectField, TextAreaField, TextField } from '#web/ui/form-field';
import { BLOCK_FIELDS, type BlockFormValues, blockBody, blockSchema, blockValues } from '#web/console/lib/block-form';
import { useFleetMessages } from '#web/console/lib/fleet-messages';
import { useCarBlocks } from '../api/car-calendar';

const EMPTY: BlockFormValues = {
  startDate: '',
  startTime: '08:00',
  endDate: '',
  endTime: '18:00',
  reason: 'maintenance',
  note: '',
};

interface BlockFormProps {
  carId: string;
  timeZone: string;
  /** The blocked period being changed (its form takes the focus); a new one when absent. */
  editing?: CarBlock;
  /** The change was saved or given up. */
  onDone?: () => void;
  /** Says what was saved where the screen shows it (beside the calendar, which a toast would cover on a phone). */
  onSaid: (message: string) => void;
}

/**
 * A new blocked period, or a change to one: the car is out of service from one day and time to
 * another at its place; search and checkout treat it as a booking. One that overlaps a booking or another block is
 * refused at its start, a change as a new period is (the server checks both, and audits the change).
 */
export function BlockForm({ carId, timeZone, editing, onDone, onSaid }: BlockFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const { create, update } = useCarBlocks(carId);
  useFleetMessages();
  const form = useContractForm({
    initialValues: editing ? blockValues(editing, timeZone) : EMPTY,
    schema: blockSchema,
    input: (values) => blockBody(values, carId, timeZone),
    serverFields: BLOCK_FIELDS,
    onSubmit: async (body) => {
      if (editing) {
        const { carId: _car, ...change } = body;
        await update.mutateAsync({ _id: editing._id, ...change });
        onSaid(t('operatorCars.blocks.saved'));
        onDone?.();
        return;
      }
      await create.mutateAsync(body);
      onSaid(t('operatorCars.blocks.created'));
      form.reset();
    },
    onError: () => t('operatorCars.blocks.error'),
  });
  useEffect(() => {
    if (editing) title.current?.focus();
  }, [editing]);
  return (
    <form className="op-section" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`} className="op-section__title" ref={title} tabIndex={-1}>
        {editing ? t('operatorCars.blocks.editTitle') : t('operatorCars.blocks.addTitle')}
      </h2>
      <p className="op-section__hint">{t('operatorCars.blocks.hint', { timeZone })}</p>
      <FormMessage>{form.message}</FormMessage>
      <div className="form-grid">
        <TextField {...form.field('startDate', t('operatorCars.blocks.startDate'))} type="date" required />
        <TextField {...form.field('startTime', t('operatorCars.blocks.startTime'))} type="time" required />
        <TextField {...form.field('endDate', t('operatorCars.blocks.endDate'))} type="date" required />
        <TextField {...form.field('endTime', t('operatorCars.blocks.endTime'))} type="time" required />
        <SelectField
          {...form.field('reason', t('operatorCars.blocks.reason'))}
          onChange={(reason) => form.setValue('reason', reason as BlockFormValues['reason'])}
        >
          {BLOCK_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`operatorCars.blocks.reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          {...form.field('note', t('operatorCars.blocks.note'))}
          rows={2}
          maxLength={500}
          description={t('operatorCars.blocks.noteHint')}
        />
      </div>
      <div className="op-image__actions">
        <button type="submit" className="button button--accent" disabled={form.pending}>
          {editing ? t('operatorCars.blocks.save') : t('operatorCars.blocks.add')}
        </button>
        {editing ? (
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('operator.dialog.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
