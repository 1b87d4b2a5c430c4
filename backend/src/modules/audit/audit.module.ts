import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { auditAdminController } from './audit-admin.controller';
import { AuditEntry } from './audit-entry.entity';
import { AuditScopeInterceptor } from './audit-scope';
import { AuditService } from './audit.service';

/**
 * The audit log. Global because every module with admin routes records its staff actions here
 * (AuditService.record in its own transaction), and the staff decorator composes the scope
 * interceptor, which resolves in the module of the controller it wraps.
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([AuditEntry])],
  providers: [AuditService, AuditScopeInterceptor],
  exports: [AuditService, AuditScopeInterceptor],
})
export class AuditModule {
  /**
   * The module with its admin routes (GET /api/admin/audit and audit.csv), guarded by `guard`:
   * the staff decorator with the 'audit' right, which the composition root hands in.
   */
  static withAdminRoutes(guard: ClassDecorator): DynamicModule {
    return { module: AuditModule, controllers: [auditAdminController(guard)] };
  }
}
