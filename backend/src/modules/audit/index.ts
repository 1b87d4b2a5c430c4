/**
 * What other modules may use of the audit log: AuditService (record a staff action inside your
 * transaction, or a sign-in with recordAs), the interceptor the staff decorator opens the scope
 * with, and the helpers that write a short before/after. The table and its entity are its own.
 */
export { AuditModule } from './audit.module';
export { AuditService, type AuditRecord } from './audit.service';
export { AuditScopeInterceptor } from './audit-scope';
export { changesBetween, created, removed } from './audit-changes';
