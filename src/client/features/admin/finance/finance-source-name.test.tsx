import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '#test/support/render-screen';
import { useFinanceFormat } from './use-finance-format';

/** What the finance report calls each source of money. */
function Sources() {
  const format = useFinanceFormat();
  return (
    <ul aria-label="sources">
      <li>{format.source('stripe', 'USD')}</li>
      <li>{format.source('campay', 'XAF')}</li>
      <li>{format.source('sandbox', 'USD')}</li>
      <li>{format.source('sandbox', 'XAF')}</li>
    </ul>
  );
}

const sources = () =>
  within(screen.getByRole('list', { name: 'sources' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('finance names its sources as voter tracking does', () => {
  it('in English', async () => {
    await renderScreen(<Sources />);
    expect(sources()).toEqual(['Card', 'Mobile Money', 'Card (sandbox)', 'Mobile Money (sandbox)']);
  });

  it('in French', async () => {
    await renderScreen(<Sources />, { language: 'fr' });
    expect(sources()).toEqual([
      'Carte',
      'Mobile Money',
      'Carte (bac à sable)',
      'Mobile Money (bac à sable)',
    ]);
  });
});
