import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import type { ApiAnswer } from '../../../api/types';

export const taxonomyQuery = queryOptions({
  queryKey: ['vendor-taxonomy'],
  queryFn: ({ signal }) =>
    apiGet<ApiAnswer<'/api/vendor-taxonomy', 'get'>>('/api/vendor-taxonomy', { signal }).then((r) => r.data),
});

/** The service category catalogue, read by the admin vendor dialog and the public application form. */
export function useVendorTaxonomy() {
  return useQuery(taxonomyQuery);
}
