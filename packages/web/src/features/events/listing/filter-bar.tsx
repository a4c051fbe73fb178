import { useId } from 'react';
import { Link } from 'react-router';
import { en, format } from '../../../i18n/en.js';
import { isTimeOfDay } from '../../../lib/dates.js';
import { Skeleton } from '../../../ui/skeleton.js';
import { hasAnyFilter, type DateFilter, type ListingFilters } from './filters.js';

const CHIP_WIDTHS = ['3.5rem', '6rem', '7.5rem'];

const DATE_CHOICES: { value: DateFilter | null; label: string }[] = [
  { value: null, label: en.listing.anyDate },
  { value: 'today', label: en.listing.today },
  { value: 'tomorrow', label: en.listing.tomorrow },
];

/**
 * Filter bar: category chips (only with more than one category; first 'All'; a placeholder row of
 * the same height while they load), date
 * (any / today / tomorrow), time window, active metadata filters with 'See all', 'Clear filters'.
 */
export function FilterBar({
  filters,
  categories,
  onChange,
  clearLink,
  categoriesLoading = false,
}: {
  filters: ListingFilters;
  categories: (string | null)[];
  /** The categories are still loading: their row is held open so nothing below it moves. */
  categoriesLoading?: boolean;
  onChange: (next: ListingFilters) => void;
  clearLink: string;
}) {
  const id = useId();
  const selectedCategory = filters.category?.toLowerCase() ?? null;
  const setTime = (key: 'timeStart' | 'timeEnd', value: string) => {
    if (value === '' || isTimeOfDay(value)) onChange({ ...filters, [key]: value || null });
  };

  return (
    <div className="filters" role="search" aria-label={en.listing.filtersLabel}>
      {categoriesLoading && (
        <fieldset className="filter-group" aria-hidden="true" data-testid="category-placeholder">
          <legend className="filter-group__label">{en.listing.category}</legend>
          <div className="chips">
            {CHIP_WIDTHS.map((width) => (
              <Skeleton key={width} className="chip chip--placeholder" width={width} />
            ))}
          </div>
        </fieldset>
      )}
      {!categoriesLoading && categories.length > 0 && (
        <fieldset className="filter-group">
          <legend className="filter-group__label">{en.listing.category}</legend>
          <div className="chips chips--scroll">
            {categories.map((category) => (
              <button
                key={category ?? ''}
                type="button"
                className="chip"
                aria-pressed={(category?.toLowerCase() ?? null) === selectedCategory}
                onClick={() => onChange({ ...filters, category })}
              >
                {category ?? en.listing.all}
              </button>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="filter-group">
        <legend className="filter-group__label">{en.listing.date}</legend>
        <div className="chips">
          {DATE_CHOICES.map((choice) => (
            <button
              key={choice.label}
              type="button"
              className="chip"
              aria-pressed={filters.date === choice.value}
              onClick={() => onChange({ ...filters, date: choice.value })}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="filter-group">
        <legend className="filter-group__label">{en.listing.time}</legend>
        <div className="time-fields">
          <label className="field" htmlFor={`${id}-start`}>
            {en.listing.timeStart}
            <input id={`${id}-start`} type="time" value={filters.timeStart ?? ''} onChange={(e) => setTime('timeStart', e.target.value)} />
          </label>
          <label className="field" htmlFor={`${id}-end`}>
            {en.listing.timeEnd}
            <input id={`${id}-end`} type="time" value={filters.timeEnd ?? ''} onChange={(e) => setTime('timeEnd', e.target.value)} />
          </label>
        </div>
      </fieldset>

      {(filters.meta.length > 0 || hasAnyFilter(filters)) && (
        <div className="filters__footer">
          {filters.meta.length > 0 ? (
            <div className="active-meta">
              <span>{format(en.listing.metaFilters, { filters: filters.meta.map(([k, v]) => `${k}: ${v}`).join(', ') })}</span>
              <button type="button" className="button button--secondary button--small" onClick={() => onChange({ ...filters, meta: [] })}>
                {en.listing.seeAll}
              </button>
            </div>
          ) : (
            <span />
          )}
          <Link className="button button--link" to={clearLink}>
            {en.listing.clearFilters}
          </Link>
        </div>
      )}
    </div>
  );
}
