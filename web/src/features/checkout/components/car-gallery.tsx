import type { CarPhoto } from '@roam/contract/cars';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './car-gallery.css';

/**
 * The car's photos on the checkout (spec §2's booking details): the current one large, "Previous" and "Next"
 * buttons, and a button per photo (its thumbnail, named with the car and its place, "Renault Clio 2 / 3", the current
 * one marked). The left and right arrow keys move through them too; the photo shown is announced ("2 / 3") and named
 * in its text alternative. Each image is chosen from its srcset at the size drawn. Its words are the pager's (core
 * strings) and numbers: /checkout, /search and every route pay for a strings area of its own (bench/ci.mjs).
 */
export default function CarGallery({ photos, car }: { photos: CarPhoto[]; car: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState(0);
  const count = photos.length;
  const photo = photos[Math.min(current, count - 1)]!;
  const go = (index: number) => setCurrent((index + count) % count);
  const place = (index: number) => `${index + 1} / ${count}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  };
  return (
    // The arrow keys only add to the buttons inside (a key pressed on one of them bubbles here).
    <section className="car-gallery" aria-label={car} onKeyDown={onKeyDown}>
      <img
        className="car-gallery__image"
        src={photo.url}
        srcSet={photo.srcset}
        sizes="(max-width: 40rem) 100vw, 36rem"
        width={600}
        height={400}
        alt={`${car} ${place(current)}`}
      />
      <div className="car-gallery__controls">
        <button type="button" className="button button--secondary" onClick={() => go(current - 1)}>
          <span aria-hidden="true">‹ </span>
          {t('common.pager.previous')}
        </button>
        <p id={`${id}-position`} className="car-gallery__position" aria-live="polite">
          {place(current)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => go(current + 1)}>
          {t('common.pager.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <ul className="car-gallery__thumbs">
        {photos.map((one, index) => (
          <li key={one._id}>
            <button
              type="button"
              className="car-gallery__thumb"
              aria-label={`${car} ${place(index)}`}
              aria-current={index === current || undefined}
              onClick={() => go(index)}
            >
              <img src={one.url} srcSet={one.srcset} sizes="72px" width={72} height={48} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
