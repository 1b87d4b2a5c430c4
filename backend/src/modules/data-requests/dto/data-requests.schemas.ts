import { schema, t } from '../../../common/api-schema';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES, DATA_REQUESTERS } from '../data-request.entity';

/** The answers of the data-request routes, named once for the OpenAPI document. */
export const DATA_REQUEST = schema(
  'DataRequest',
  t.object({
    id: t.string({ format: 'uuid' }),
    kind: t.oneOf(DATA_REQUEST_KINDS),
    status: t.oneOf(DATA_REQUEST_STATUSES),
    requestedBy: t.oneOf(DATA_REQUESTERS),
    email: { ...t.nullable(t.string()), description: 'The address as typed; null once an erasure has completed.' },
    receivedAt: t.dateTime(),
    dueAt: { ...t.dateTime(), description: 'Received + 30 days: the answer is due by then.' },
    completedAt: t.nullable(t.dateTime()),
    daysLeft: {
      ...t.nullable(t.integer()),
      description: 'Whole days left on the clock (negative: overdue); null once answered.',
    },
    overdue: t.boolean(),
    downloadExpiresAt: t.nullable(t.dateTime()),
    counts: { ...t.record(t.integer()), description: 'Rows exported or erased, by holder and kind.' },
    notes: t.nullable(t.string()),
  }),
);

export const DATA_LINK = schema('DataRequestLink', t.object({ email: t.string(), expiresAt: t.dateTime() }));

export const DATA_DOWNLOAD = schema('DataExportDownload', t.object({ fileName: t.string(), expiresAt: t.dateTime() }));
