import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import type { ApiAnswer } from '../../../api/types';
import type { PlaceDetails, PlacePrediction } from './types';

export const PLACES_RADIUS_METRES = 50000;

/** GET /api/places/search: businesses matching the text, preferring those near `location`. */
export async function searchPlaces(
  input: string,
  options: { location?: { lat: number; lng: number }; signal?: AbortSignal } = {},
): Promise<PlacePrediction[]> {
  const params = new URLSearchParams({ input, types: 'establishment', radius: String(PLACES_RADIUS_METRES) });
  if (options.location) params.set('location', `${options.location.lat},${options.location.lng}`);
  const answer = await apiGet<ApiAnswer<'/api/places/search', 'get'>>(`/api/places/search?${params}`, {
    signal: options.signal,
  });
  return answer.data.predictions;
}

/** GET /api/places/details/{placeId}. */
export async function getPlaceDetails(placeId: string): Promise<PlaceDetails> {
  const answer = await apiGet<ApiAnswer<'/api/places/details/{placeId}', 'get'>>(
    `/api/places/details/${encodeURIComponent(placeId)}`,
  );
  return answer.data;
}

/** Suggestions for the typed (already debounced) text; idle below `minChars`. */
export function usePlaceSearch(
  input: string,
  options: { location?: { lat: number; lng: number } | null; minChars?: number } = {},
) {
  const location = options.location ?? undefined;
  return useQuery({
    queryKey: ['places', 'search', input, location?.lat, location?.lng],
    queryFn: ({ signal }) => searchPlaces(input, { location, signal }),
    enabled: input.length >= (options.minChars ?? 1),
    staleTime: 60_000,
  });
}
