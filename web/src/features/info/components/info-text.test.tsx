import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadInfoContent } from '../api/get-info-content';
import { InfoText } from './info-text';

afterEach(cleanup);

const values = { websiteName: 'Roadly', contactEmail: 'desk@roadly.example', minDriverAge: 23 };

describe('InfoText', () => {
  it('fills the deployment values and links the contact address', () => {
    render(
      <p data-testid="text">
        <InfoText text="Drive with {{websiteName}} from {{minDriverAge}}; write to {{contactEmail}}." values={values} />
      </p>,
    );
    expect(screen.getByTestId('text').textContent).toBe('Drive with Roadly from 23; write to desk@roadly.example.');
    expect(screen.getByRole('link', { name: 'desk@roadly.example' }).getAttribute('href')).toBe(
      'mailto:desk@roadly.example',
    );
  });
});

describe('loadInfoContent', () => {
  it('loads the page in the asked language, with the spec §5 facts', async () => {
    const tos = JSON.stringify(await loadInfoContent('tos', 'se'));
    expect(tos).toContain('24 timmar eller mer');
    const faq = JSON.stringify(await loadInfoContent('faq', 'en'));
    expect(faq).toContain('usual minimum age to rent a vehicle is 18');
  });
});
