import { act, cleanup, render, screen } from '@testing-library/react';
import { Calendar, CalendarGrid, Heading, useLocale } from 'react-aria-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AriaLocale } from './aria-locale';
import { formatDate, formatDay, formatNumber, useFormats } from './formats';
import { changeLanguage, initI18n } from './index';

// Number and date formats and the date pickers get the interface language; se renders as Swedish (sv).

const JULY_4 = Date.UTC(2026, 6, 4, 12);

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en', { save: false });
});

describe('formats', () => {
  it('names the month in each language, Swedish for se', () => {
    const month = { month: 'long', timeZone: 'UTC' } as const;
    expect(formatDate(JULY_4, 'en', month)).toBe('July');
    expect(formatDate(JULY_4, 'fr', month)).toBe('juillet');
    expect(formatDate(JULY_4, 'es', month)).toBe('julio');
    expect(formatDate(JULY_4, 'de', month)).toBe('Juli');
    expect(formatDate(JULY_4, 'se', month)).toBe('juli');
  });

  it('writes a calendar day (a birth date) per language, the same day in every zone', () => {
    expect(formatDay('1990-04-12', 'en')).toBe('April 12, 1990');
    expect(formatDay('1990-04-12', 'fr')).toBe('12 avril 1990');
    expect(formatDay('1990-04-12', 'es')).toBe('12 de abril de 1990');
    expect(formatDay('1990-04-12', 'de')).toBe('12. April 1990');
    expect(formatDay('1990-04-12', 'se')).toBe('12 april 1990');
    expect(formatDay('1990-01-01', 'en')).toBe('January 1, 1990');
  });

  it('formats numbers per language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(0.5, 'se')).toBe('0,5');
  });

  it('follows a language switch without a reload', async () => {
    function Probe() {
      const formats = useFormats();
      return <p>{formats.date(JULY_4, { weekday: 'long', timeZone: 'UTC' })}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('Saturday')).toBeTruthy();
    await act(() => changeLanguage('se', { save: false }));
    expect(screen.getByText('lördag')).toBeTruthy();
  });
});

describe('date pickers', () => {
  it('get the interface language through AriaLocale', async () => {
    function LocaleProbe() {
      return <output aria-label="locale">{useLocale().locale}</output>;
    }
    render(
      <AriaLocale>
        <LocaleProbe />
        <Calendar aria-label="Pick-up date">
          <Heading />
          <CalendarGrid>{() => <td />}</CalendarGrid>
        </Calendar>
      </AriaLocale>,
    );
    expect(screen.getByRole('status', { name: 'locale' }).textContent).toBe('en');
    await act(() => changeLanguage('se', { save: false }));
    expect(screen.getByRole('status', { name: 'locale' }).textContent).toBe('sv');
    // The calendar's heading names this month in Swedish.
    const thisMonth = formatDate(Date.now(), 'se', { month: 'long' });
    expect(screen.getByRole('heading').textContent).toContain(thisMonth);
    await act(() => changeLanguage('de', { save: false }));
    expect(screen.getByRole('status', { name: 'locale' }).textContent).toBe('de');
  });
});
