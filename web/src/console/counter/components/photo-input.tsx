import type { CounterPhoto } from '@roam/contract/counter';
import { COUNTER_LIMITS } from '@roam/contract/counter';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { uploadCounterPhoto } from '../api/counter-photo';

// A damage's photos, taken with the device's camera (`capture="environment"`: the back camera on a phone or a tablet;
// a file chooser elsewhere) and uploaded as soon as each is taken, with its progress, a retry when it fails, and a
// way to drop it. The server checks each by its bytes and re-encodes it (≤ 1600 px, ≤ 300 KB, no metadata).

type Upload = {
  key: number;
  file: File;
  preview: string | null;
  state: 'uploading' | 'failed' | 'done';
  progress: number;
  photo: CounterPhoto | null;
  error: 'tooLarge' | 'refused' | 'network' | null;
  abort: AbortController;
};

interface PhotoInputProps {
  bookingId: string;
  /** The uploaded photos' ids (the damage's `photoFileIds`) and whether one is still on its way, on every change. */
  onChange: (photoIds: string[], busy: boolean) => void;
}

const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const release = (upload: Upload) => {
  upload.abort.abort();
  if (upload.preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(upload.preview);
};

function errorOf(error: unknown): Upload['error'] {
  if (!isApiError(error) || error.code === 'NETWORK_ERROR') return 'network';
  return error.code === 'PAYLOAD_TOO_LARGE' ? 'tooLarge' : 'refused';
}

export function PhotoInput({ bookingId, onChange }: PhotoInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const next = useRef(1);
  const latest = useRef(onChange);
  latest.current = onChange;
  const live = useRef(uploads);
  live.current = uploads;

  // The parent hears of every change of the uploaded set (an upload ends after the event that started it).
  useEffect(() => {
    latest.current(
      uploads.flatMap((upload) => (upload.photo ? [upload.photo._id] : [])),
      uploads.some((upload) => upload.state === 'uploading'),
    );
  }, [uploads]);
  useEffect(() => () => live.current.forEach(release), []);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const send = (upload: Upload) => {
    patch(upload.key, { state: 'uploading', progress: 0, error: null, abort: upload.abort });
    uploadCounterPhoto(bookingId, upload.file, (progress) => patch(upload.key, { progress }), upload.abort.signal)
      .then((photo) => patch(upload.key, { state: 'done', progress: 1, photo }))
      .catch((error: unknown) => {
        if (upload.abort.signal.aborted) return;
        patch(upload.key, { state: 'failed', error: errorOf(error) });
      });
  };

  const add = (files: FileList | null) => {
    const room = COUNTER_LIMITS.photosPerDamage - live.current.length;
    const added = [...(files ?? [])].slice(0, Math.max(0, room)).map(
      (file): Upload => ({
        key: next.current++,
        file,
        preview: previewOf(file),
        state: 'uploading',
        progress: 0,
        photo: null,
        error: null,
        abort: new AbortController(),
      }),
    );
    setUploads((current) => [...current, ...added]);
    for (const upload of added) send(upload);
    if (input.current) input.current.value = '';
  };

  const retry = (upload: Upload) => {
    const fresh = { ...upload, abort: new AbortController() };
    setUploads((current) => current.map((item) => (item.key === upload.key ? fresh : item)));
    send(fresh);
  };
  const remove = (upload: Upload) => {
    release(upload);
    setUploads((current) => current.filter((item) => item.key !== upload.key));
  };

  const full = uploads.length >= COUNTER_LIMITS.photosPerDamage;
  return (
    <div className="photo-input">
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => add(event.currentTarget.files)}
      />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => input.current?.click()}
        disabled={full}
        aria-describedby={`${id}-hint`}
      >
        {t('operatorCounter.photos.take')}
      </button>
      <p id={`${id}-hint`} className="form-field__hint">
        {full
          ? t('operatorCounter.photos.full', { count: COUNTER_LIMITS.photosPerDamage })
          : t('operatorCounter.photos.hint', { count: COUNTER_LIMITS.photosPerDamage })}
      </p>
      {uploads.length > 0 ? (
        <ul className="photo-input__list" aria-label={t('operatorCounter.photos.list')}>
          {uploads.map((upload, index) => {
            const name = t('operatorCounter.photos.photo', { number: index + 1 });
            return (
              <li key={upload.key} className={`photo-input__item photo-input__item--${upload.state}`}>
                {upload.preview ? <img src={upload.preview} alt={name} className="photo-input__thumb" /> : null}
                <div className="photo-input__state" aria-live="polite">
                  {upload.state === 'uploading' ? (
                    <>
                      <span>{t('operatorCounter.photos.uploading', { name })}</span>
                      <progress
                        max={1}
                        value={upload.progress}
                        aria-label={t('operatorCounter.photos.progress', { name })}
                      >
                        {Math.round(upload.progress * 100)} %
                      </progress>
                    </>
                  ) : upload.state === 'done' ? (
                    <span>{t('operatorCounter.photos.uploaded', { name })}</span>
                  ) : (
                    <span className="field-error">
                      {t(`operatorCounter.photos.${upload.error ?? 'network'}`, { name })}
                    </span>
                  )}
                </div>
                <div className="photo-input__actions">
                  {upload.state === 'failed' ? (
                    <button type="button" className="button button--secondary" onClick={() => retry(upload)}>
                      {t('operatorCounter.photos.retry', { name })}
                    </button>
                  ) : null}
                  <button type="button" className="button button--secondary" onClick={() => remove(upload)}>
                    {t('operatorCounter.photos.remove', { name })}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
