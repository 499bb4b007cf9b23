import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { num } from '../../../lib/format';
import { BUILDING_STATES, type BuildingState, type Facets, type Filters } from './model';

export type FactoryMode = 'all' | 'stalled';

/** "All machines" / "Stalled (n)": two toggle buttons, the pressed one is the view shown. */
export function ViewSwitch(props: { mode: FactoryMode; stalled: number; onMode: (mode: FactoryMode) => void }) {
  const { t } = useTranslation('dashboard');
  const button = (mode: FactoryMode, text: string) => (
    <button
      type="button"
      className="btn btn-small btn-seg"
      aria-pressed={props.mode === mode}
      data-testid={`factory-view-${mode}`}
      onClick={() => props.onMode(mode)}
    >
      {text}
    </button>
  );
  return (
    <div className="factory-views" role="group" aria-label={t('factoryTable.views')}>
      {button('all', t('factoryTable.all'))}
      {button('stalled', t('factoryTable.stalledView', { number: num(props.stalled, 0) }))}
    </div>
  );
}

/**
 * The filters: type and state as lists with their counts, the recipe as text (part of its name, with the recipes in
 * use offered). The state list is left out of the stalled view, which is that state.
 */
export function FactoryFilters(props: {
  facets: Facets;
  filters: Filters;
  mode: FactoryMode;
  onChange: (filters: Filters) => void;
}) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { facets, filters } = props;
  const set = (patch: Partial<Filters>) => props.onChange({ ...filters, ...patch });
  const active = filters.type !== '' || filters.recipe !== '' || (props.mode === 'all' && filters.state !== '');
  return (
    <div className="factory-filters">
      <label className="inline-field">
        <span>{t('factoryTable.filters.type')}</span>
        <select value={filters.type} onChange={(e) => set({ type: e.target.value })} data-testid="factory-type">
          <option value="">{t('factoryTable.filters.allTypes')}</option>
          {facets.types.map((x) => (
            <option key={x.className} value={x.className}>
              {t('factoryTable.filters.option', { name: x.type, count: num(x.count, 0) })}
            </option>
          ))}
        </select>
      </label>
      {props.mode === 'all' && (
        <label className="inline-field">
          <span>{t('factoryTable.filters.state')}</span>
          <select
            value={filters.state}
            onChange={(e) => set({ state: e.target.value as BuildingState | '' })}
            data-testid="factory-state"
          >
            <option value="">{t('factoryTable.filters.allStates')}</option>
            {BUILDING_STATES.map((s) => (
              <option key={s} value={s}>
                {t('factoryTable.filters.option', {
                  name: t(`factoryTable.states.${s}`),
                  count: num(facets.states[s], 0),
                })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="inline-field">
        <span>{t('factoryTable.filters.recipe')}</span>
        <input
          type="search"
          value={filters.recipe}
          list={`${id}-recipes`}
          onChange={(e) => set({ recipe: e.target.value })}
          placeholder={t('factoryTable.filters.recipeExample')}
          data-testid="factory-recipe"
        />
        <datalist id={`${id}-recipes`}>
          {facets.recipes.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
      </label>
      {active && (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          onClick={() => props.onChange({ type: '', recipe: '', state: props.mode === 'all' ? '' : filters.state })}
        >
          {t('factoryTable.filters.clear')}
        </button>
      )}
    </div>
  );
}
