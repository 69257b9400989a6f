import { MAX_CAR_PHOTOS } from '@roam/contract/cars';
import type { OperatorCar } from '@roam/contract/fleet';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useConfirm } from '#web/ui/confirm';
import { FormMessage } from '#web/ui/form-field';
import { useCarPhotos } from '../api/fleet';

/** A refused upload or change in the reader's words, chosen by code (docs/house-style.md "Errors, end to end"). */
function photoError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('operatorCars.image.unsupported');
  if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') return t('operatorCars.image.tooLarge');
  if (isApiError(error) && error.status === 409) return t('operatorCars.photos.tooMany', { count: MAX_CAR_PHOTOS });
  return t('operatorCars.photos.error');
}

type Move = { photoId: string; to: number; button: 'earlier' | 'later' };

/**
 * The car's photos (the server stores each at the sizes the screens show): chosen several at once, listed in
 * order, the first on the cards; moved earlier or later with buttons (each named with the photo's place) and
 * deleted after a confirmation. Each change is announced; a moved photo's button keeps the focus.
 */
export function CarPhotos({ car }: { car: OperatorCar }) {
  const { t } = useTranslation();
  const id = useId();
  const { add, reorder, remove } = useCarPhotos(useLanguage());
  const { dialog, ask } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const moved = useRef<Move | null>(null);
  const busy = add.isPending || reorder.isPending || remove.isPending;
  const { photos } = car;
  const count = photos.length;
  const failed = (refused: unknown) => setError(photoError(t, refused));

  // After a move the photo's button is drawn again elsewhere in the list: the focus goes back to it (or to its
  // other button, when the photo reached an end of the list and this one is now disabled). After every render: only
  // one with a move to finish does anything.
  useEffect(() => {
    const target = moved.current;
    // Until the answer is drawn (a render while it is awaited shows the old order), there is nothing to do yet.
    if (!target || photos[target.to]?._id !== target.photoId) return;
    moved.current = null;
    const button = (which: Move['button']) =>
      document.getElementById(`${id}-${target.photoId}-${which}`) as HTMLButtonElement | null;
    const same = button(target.button);
    (same && !same.disabled ? same : button(target.button === 'earlier' ? 'later' : 'earlier'))?.focus();
  });

  const choose = (files: File[]) => {
    if (files.length === 0) return;
    if (count + files.length > MAX_CAR_PHOTOS) {
      setError(t('operatorCars.photos.tooMany', { count: MAX_CAR_PHOTOS }));
      return;
    }
    setStatus(t('operatorCars.photos.sending', { count: files.length }));
    add.mutate(
      { carId: car._id, files },
      {
        onSuccess: () => {
          setError(null);
          setStatus(t('operatorCars.photos.added', { count: files.length }));
        },
        onError: failed,
      },
    );
  };
  const move = (index: number, by: -1 | 1) => {
    if (busy) return;
    const ids = photos.map((photo) => photo._id);
    const [photoId] = ids.splice(index, 1);
    ids.splice(index + by, 0, photoId!);
    // Set before the answer: the car's new photos may be drawn before this call's own success runs.
    moved.current = { photoId: photoId!, to: index + by, button: by < 0 ? 'earlier' : 'later' };
    reorder.mutate(
      { carId: car._id, photoIds: ids },
      {
        onSuccess: () => {
          setError(null);
          setStatus(t('operatorCars.photos.moved', { position: index + by + 1, count }));
        },
        onError: (refused) => {
          moved.current = null;
          failed(refused);
        },
      },
    );
  };
  const drop = async (index: number) => {
    const photo = photos[index]!;
    const yes = await ask({
      title: t('operatorCars.photos.deleteQuestion', { position: index + 1 }),
      description: t(index === 0 && count > 1 ? 'operatorCars.photos.deleteFirst' : 'operatorCars.photos.deleteText'),
      confirmLabel: t('operatorCars.photos.delete'),
    });
    if (!yes) return;
    remove.mutate(
      { carId: car._id, photoId: photo._id },
      {
        onSuccess: () => {
          setError(null);
          setStatus(t('operatorCars.photos.deleted', { position: index + 1 }));
          document.getElementById(`${id}-choose`)?.focus();
        },
        onError: failed,
      },
    );
  };

  return (
    <section className="op-section op-photos" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t('operatorCars.photos.title')}
      </h2>
      <p className="op-section__hint" id={`${id}-hint`}>
        {t('operatorCars.photos.hint', { count: MAX_CAR_PHOTOS })}
      </p>
      {count === 0 ? <p className="op-section__hint">{t('operatorCars.photos.none')}</p> : null}
      {count > 0 ? (
        <ol className="op-photos__list">
          {photos.map((photo, index) => {
            const position = { position: index + 1, count };
            return (
              <li key={photo._id} className="op-photos__item">
                <img
                  className="op-photos__image"
                  src={photo.url}
                  srcSet={photo.srcset}
                  sizes="12rem"
                  width={192}
                  height={128}
                  alt={t('operatorCars.photos.alt', { car: car.name, ...position })}
                />
                <p className="op-photos__place">
                  {t('operatorCars.photos.place', position)}
                  {index === 0 ? ` · ${t('operatorCars.photos.first')}` : ''}
                </p>
                <div className="op-photos__actions">
                  <button
                    type="button"
                    id={`${id}-${photo._id}-earlier`}
                    className="button button--secondary"
                    disabled={index === 0}
                    aria-disabled={busy || undefined}
                    aria-label={t('operatorCars.photos.earlierLabel', position)}
                    onClick={() => move(index, -1)}
                  >
                    {t('operatorCars.photos.earlier')}
                  </button>
                  <button
                    type="button"
                    id={`${id}-${photo._id}-later`}
                    className="button button--secondary"
                    disabled={index === count - 1}
                    aria-disabled={busy || undefined}
                    aria-label={t('operatorCars.photos.laterLabel', position)}
                    onClick={() => move(index, 1)}
                  >
                    {t('operatorCars.photos.later')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-disabled={busy || undefined}
                    aria-label={t('operatorCars.photos.deleteLabel', position)}
                    onClick={() => (busy ? undefined : drop(index))}
                  >
                    {t('operatorCars.photos.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <FormMessage>{error}</FormMessage>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        name="photos"
        multiple
        accept="image/jpeg,image/png,image/webp"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          choose([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <button
        type="button"
        id={`${id}-choose`}
        className="button button--secondary"
        aria-describedby={`${id}-hint`}
        disabled={count >= MAX_CAR_PHOTOS}
        aria-disabled={busy || undefined}
        onClick={() => (busy ? undefined : input.current?.click())}
      >
        {t(busy && add.isPending ? 'operatorCars.photos.sendingShort' : 'operatorCars.photos.choose')}
      </button>
      {dialog}
    </section>
  );
}
