import type { DeskBooking } from '@roam/contract/booking-desk';
import { NOTE_MAX } from '@roam/contract/booking-desk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { FormMessage, TextAreaField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { useAddNote } from '#web/console/bookings/api/desk';
import { usePermissions } from '#web/console/team/api/team';

/** Notes between the booking's operators, newest first, with who wrote each and when; drivers never see them. */
export function NotesSection({ booking }: { booking: DeskBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddNote(booking._id);
  // Writing a note is a change to the booking (its route asks bookings.write); every reader sees the notes.
  const mayWrite = usePermissions().has('bookings.write');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(t('operatorBookings.notes.empty'));
    try {
      await add.mutateAsync(text.trim());
      setText('');
      setError(null);
      toast.success(t('operatorBookings.notes.added'));
    } catch {
      setError(t('operatorBookings.notes.error'));
    }
  };
  return (
    <section className="op-section desk-view__section" aria-labelledby="desk-notes">
      <h2 id="desk-notes" className="op-section__title">
        {t('operatorBookings.notes.title')}
      </h2>
      <p className="op-section__hint">{t('operatorBookings.notes.hint')}</p>
      {mayWrite ? (
        <form className="desk-notes__form" onSubmit={(event) => void submit(event)}>
          <TextAreaField
            label={t('operatorBookings.notes.label')}
            name="note"
            value={text}
            onChange={setText}
            maxLength={NOTE_MAX}
            rows={3}
            error={error ?? undefined}
          />
          <FormMessage>{null}</FormMessage>
          <button type="submit" className="button" disabled={add.isPending}>
            {t('operatorBookings.notes.add')}
          </button>
        </form>
      ) : null}
      {booking.notes.length === 0 ? (
        <p>{t('operatorBookings.notes.none')}</p>
      ) : (
        <ol className="desk-notes" aria-label={t('operatorBookings.notes.title')}>
          {booking.notes.map((note) => (
            <li key={note._id} className="desk-notes__note">
              <p className="desk-notes__text">{note.text}</p>
              <p className="desk-notes__by">
                {t('operatorBookings.notes.by', {
                  author: note.author?.name ?? t('operatorCars.history.deletedAccount'),
                  time: formatInZone(note.createdAt, booking.pickupLocation.timeZone, language),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
