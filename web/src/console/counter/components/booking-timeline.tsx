import type { CounterBooking, TimelineStep } from '@roam/contract/counter';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import './booking-timeline.css';

// A booking's life as the counter tells it (docs/architecture.md §5 "After the booking"): booked → checked in online →
// on rent → returned → closed, or a no-show, or cancelled; each step done with who and when (the audit trail), the
// ones still to come marked so in words. For the counter's screens and the console's booking view: it needs only the
// timeline of `GET /api/counter-booking/{id}` and the `operatorCounter` strings.

const LIFE: readonly TimelineStep[] = ['booked', 'checkedIn', 'onRent', 'returned', 'closed'];
const ENDS: readonly TimelineStep[] = ['noShow', 'cancelled'];

/** The steps to show, each with its entry when done (the latest, for a step done again: a check-in corrected). */
export function timelineSteps(timeline: CounterBooking['timeline']) {
  const done = new Map(timeline.map((entry) => [entry.step, entry]));
  const end = ENDS.find((step) => done.has(step));
  const steps = end
    ? [...LIFE.filter((step) => done.has(step)), end]
    : // Online check-in is a step only when it happened, or while the car is still to be handed over.
      LIFE.filter((step) => step !== 'checkedIn' || done.has(step) || !done.has('onRent'));
  return steps.map((step) => ({ step, entry: done.get(step) ?? null }));
}

interface BookingTimelineProps {
  timeline: CounterBooking['timeline'];
  /** The clock the times are read at: the booking's pick-up place's. */
  timeZone: string;
  /** The heading's level, where the timeline sits in its screen. */
  headingLevel?: 2 | 3;
}

export function BookingTimeline({ timeline, timeZone, headingLevel = 2 }: BookingTimelineProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="booking-timeline" aria-labelledby="booking-timeline-title">
      <Heading id="booking-timeline-title" className="booking-timeline__title">
        {t('operatorCounter.timeline.title')}
      </Heading>
      <ol className="booking-timeline__steps">
        {timelineSteps(timeline).map(({ step, entry }) => (
          <li key={step} className={`booking-timeline__step booking-timeline__step--${entry ? 'done' : 'to-come'}`}>
            <span className="booking-timeline__mark" aria-hidden="true" />
            <span className="booking-timeline__name">{t(`operatorCounter.timeline.${step}`)}</span>
            <span className="booking-timeline__when">
              {entry
                ? entry.by
                  ? t('operatorCounter.timeline.doneBy', {
                      at: formatInZone(entry.at, timeZone, language),
                      name: entry.by.name,
                    })
                  : formatInZone(entry.at, timeZone, language)
                : t('operatorCounter.timeline.toCome')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
