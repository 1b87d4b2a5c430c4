/**
 * What other modules (and the app's composition root) may use of requests: the members' requests
 * (RequestsService and its plain views, their statuses and OpenAPI schemas), the staff's notices,
 * and the token through which it learns a browser's concierge session. Its entities, DTOs and SQL
 * are its own.
 */
export { RequestsModule } from './requests.module';
export {
  RequestsService,
  type StaffListQuery,
  type UserRequestView,
  type UserRequestWithHistory,
} from './requests.service';
export { REQUEST_STATUSES, type RequestOption, type RequestStatus } from './request-lifecycle';
export { REQUEST_FIELDS, REQUEST_OPTION, USER_REQUEST, USER_REQUEST_WITH_HISTORY } from './requests.schemas';
export { StaffNotices } from './staff-notices';
export { THREAD_SESSIONS, type ThreadSessions } from './thread-sessions';
