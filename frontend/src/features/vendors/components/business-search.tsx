import { AimOutlined, AppstoreOutlined, EnvironmentOutlined, LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Input, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePlaceSearch } from '../api/places';
import type { PlacePrediction, TaxonomyCategory, TaxonomyEntry } from '../api/types';
import styles from './vendors.module.css';
import { useDebounced } from './use-debounced';

const GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 } as const;
const MAX_CATEGORY_MATCHES = 6;

/** What the admin picked: a place from the places search, or a category when that search failed. */
export type BusinessSuggestion =
  | { kind: 'place'; prediction: PlacePrediction }
  | { kind: 'category'; name: string; category: TaxonomyCategory; subcategory: TaxonomyEntry | null };

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The local category matches: categories and subcategories whose name holds the typed text, or
 * one of its words of 3 or more letters ('Ritz hotel' finds Hotels and Luxury Hotels).
 */
export function categoryMatches(
  text: string,
  taxonomy: TaxonomyCategory[],
): Array<Extract<BusinessSuggestion, { kind: 'category' }>> {
  const whole = normalize(text.trim());
  if (!whole) return [];
  const words = whole.split(/[^a-z0-9]+/).filter((word) => word.length >= 3);
  const matches = (name: string) => {
    const target = normalize(name);
    const targetWords = target.split(/[^a-z0-9]+/);
    return target.includes(whole) || words.some((word) => targetWords.some((t) => t.startsWith(word)));
  };
  const found: Array<Extract<BusinessSuggestion, { kind: 'category' }>> = [];
  for (const category of taxonomy) {
    if (matches(category.name)) found.push({ kind: 'category', name: text.trim(), category, subcategory: null });
    for (const subcategory of category.subcategories) {
      if (matches(subcategory.name)) found.push({ kind: 'category', name: text.trim(), category, subcategory });
    }
  }
  return found.slice(0, MAX_CATEGORY_MATCHES);
}

interface Row {
  key: string;
  main: string;
  secondary: string;
  suggestion: BusinessSuggestion;
}

/**
 * Step 1 of the vendor dialog: a business search with suggestions (300 ms debounce, 50 km around
 * the device's location when the admin shares it).
 *
 * When the places call fails, the suggestions are silently reduced to local category matches,
 * as the spec says, so the admin can still add the business by hand. The 'Search Error' toast is
 * kept for the one case where that leaves nothing to offer: it tells the admin the empty list is
 * a failure, not a business that does not exist.
 */
export function BusinessSearch({
  taxonomy,
  onPick,
  disabled,
}: {
  taxonomy: TaxonomyCategory[];
  onPick: (suggestion: BusinessSuggestion) => void;
  disabled?: boolean;
}) {
  const { notification } = App.useApp();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [location, setLocation] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const search = usePlaceSearch(query, { location });
  const searching = search.isFetching;
  const fallback = useMemo(
    () => (search.isError ? categoryMatches(query, taxonomy) : []),
    [search.isError, query, taxonomy],
  );
  const failedOutright = search.isError && fallback.length === 0;

  const rows: Row[] | null = !query
    ? null
    : search.isError
      ? fallback.map((s) => ({
          key: `category:${s.category.id}:${s.subcategory?.id ?? ''}`,
          main: s.subcategory?.name ?? s.category.name,
          secondary: s.subcategory ? `${s.category.name} · add “${s.name}” by hand` : `Add “${s.name}” by hand`,
          suggestion: s,
        }))
      : ((search.data ?? null)?.map((prediction) => ({
          key: prediction.place_id,
          main: prediction.structured_formatting.main_text,
          secondary: prediction.structured_formatting.secondary_text,
          suggestion: { kind: 'place', prediction },
        })) ?? null);

  useEffect(() => {
    if (!search.isError) return;
    console.error(search.error);
    if (failedOutright) notification.error({ title: 'Search Error', description: 'Failed to search businesses' });
  }, [search.isError, search.error, failedOutright, notification]);

  const useMyLocation = () => {
    setLocationError(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setLocationError('Geolocation is not supported by your browser');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocation({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocationError('Unable to retrieve your location');
      },
      GEOLOCATION,
    );
  };

  return (
    <div className={styles.search}>
      <Input
        size="large"
        allowClear
        autoFocus
        disabled={disabled}
        prefix={<SearchOutlined />}
        suffix={searching ? <LoadingOutlined /> : <span />}
        placeholder="Business name or city"
        aria-label="Search for a business"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.locationRow}>
        <Button
          size="small"
          type="link"
          icon={<AimOutlined />}
          loading={locating}
          onClick={useMyLocation}
          disabled={disabled}
        >
          {location ? 'Using your location' : 'Use my location'}
        </Button>
        {locationError && (
          <Typography.Text type="danger" className={styles.inlineError} role="alert">
            {locationError}
          </Typography.Text>
        )}
      </div>
      {rows && !failedOutright && (
        <div className={styles.resultList} role="listbox" aria-label="Business suggestions">
          {rows.length === 0 && !searching ? (
            <p className={styles.noResults}>No results found. Try a different search term.</p>
          ) : (
            rows.map((row) => (
              <button
                type="button"
                role="option"
                aria-selected={false}
                key={row.key}
                className={styles.result}
                onClick={() => onPick(row.suggestion)}
                disabled={disabled}
              >
                {row.suggestion.kind === 'place' ? (
                  <EnvironmentOutlined className={styles.resultIcon} aria-hidden />
                ) : (
                  <AppstoreOutlined className={styles.resultIcon} aria-hidden />
                )}
                <span>
                  <span className={styles.resultMain}>{row.main}</span>
                  <span className={styles.resultSecondary}>{row.secondary}</span>
                </span>
              </button>
            ))
          )}
        </div>
      )}
    </div>
  );
}
