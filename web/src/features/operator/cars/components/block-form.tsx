import { BLOCK_REASONS } from '@roam/contract/console-enum-values';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../../lib/use-contract-form';
import { FormMessage, SelectField, TextAreaField, TextField } from '../../../../ui/form-field';
import { toast } from '../../../../ui/toast';
import { useCarBlocks } from '../../api/car-calendar';
import { BLOCK_FIELDS, type BlockFormValues, blockBody, blockSchema } from '../../lib/block-form';
import { useFleetMessages } from '../../lib/fleet-messages';

const EMPTY: BlockFormValues = {
  startDate: '',
  startTime: '08:00',
  endDate: '',
  endTime: '18:00',
  reason: 'maintenance',
  note: '',
};

/**
 * A new blocked period (issue #23 item 3): the car is out of service from one day and time to another at its place;
 * search and checkout treat it as a booking. One that overlaps a booking or another block is refused at its start.
 */
export function BlockForm({ carId, timeZone }: { carId: string; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { create } = useCarBlocks(carId);
  useFleetMessages();
  const form = useContractForm({
    initialValues: EMPTY,
    schema: blockSchema,
    input: (values) => blockBody(values, carId, timeZone),
    serverFields: BLOCK_FIELDS,
    onSubmit: async (body) => {
      await create.mutateAsync(body);
      toast.success(t('operatorCars.blocks.created'));
      form.reset();
    },
    onError: () => t('operatorCars.blocks.error'),
  });
  return (
    <form className="op-section" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t('operatorCars.blocks.addTitle')}
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
      <button type="submit" className="button button--accent" disabled={form.pending}>
        {t('operatorCars.blocks.add')}
      </button>
    </form>
  );
}
